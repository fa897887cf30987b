import { describe, expect, it } from "vitest";
import { contactInText, withoutContactDetails } from "./contact-in-text";

describe("contactInText", () => {
  it("reads the name and the address of an introduction, never the address as the name", () => {
    expect(contactInText("I am Per Olsen, per@example.com, we want an assistant for our dental clinic")).toEqual({
      name: "Per Olsen",
      email: "per@example.com",
    });
    expect(contactInText("I am per@example.com")).toEqual({ email: "per@example.com" });
    expect(contactInText("Hi! I'm Kari Nordmann from Acme, write to KARI@Acme.no")).toEqual({
      name: "Kari Nordmann",
      email: "kari@acme.no",
    });
  });

  it("reads 'My name is', 'name:' and the Norwegian 'Jeg heter' / 'Jeg er' in any case where the phrase says it is a name", () => {
    expect(contactInText("My name is per olsen and I run a clinic")).toEqual({ name: "Per Olsen" });
    expect(contactInText("name: Ada Lovelace; ada@example.com")).toEqual({ name: "Ada Lovelace", email: "ada@example.com" });
    expect(contactInText("Hei, jeg heter Åse Bø og vil ha en chatbot")).toEqual({ name: "Åse Bø" });
    expect(contactInText("Jeg er Ola Nordmann, ola@example.no")).toEqual({ name: "Ola Nordmann", email: "ola@example.no" });
    expect(contactInText("This is Jean-Luc O'Neil.")).toEqual({ name: "Jean-Luc O'Neil" });
  });

  it("an address alone, a name alone, and no name where 'I am' is not followed by one", () => {
    expect(contactInText("per@example.com")).toEqual({ email: "per@example.com" });
    expect(contactInText("My name is Per Olsen")).toEqual({ name: "Per Olsen" });
    expect(contactInText("I am looking for an app, mail me at per@example.com")).toEqual({ email: "per@example.com" });
    expect(contactInText("I'm interested in mentoring")).toEqual({});
    expect(contactInText("I am CEO of a small firm")).toEqual({});
    expect(contactInText("What do you build?")).toEqual({});
  });

  it("stops a name at four words", () => {
    expect(contactInText("My name is Anna Maria Eva Sofia Berg")).toEqual({ name: "Anna Maria Eva Sofia" });
  });
});

describe("withoutContactDetails", () => {
  it("leaves what the message asks about", () => {
    expect(withoutContactDetails("I am Per Olsen, per@example.com, we want an assistant").replace(/\s+/g, " ")).toBe(
      "I am , , we want an assistant",
    );
  });
});
