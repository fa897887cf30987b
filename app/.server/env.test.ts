import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("gives a fresh clone working defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: "./data",
      PUBLIC_URL: "http://localhost:3000",
      NEWS_ALLOW_PRIVATE_HOSTS: false,
      ADMIN_REQUIRE_TWO_FACTOR: true,
      isProduction: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("treats empty values as unset, as in a copied .env.example", () => {
    const env = parseEnv({ PORT: "", DATABASE_URL: "  ", SMTP_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT must be a number/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must start with postgres:\/\//);
    expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(() => parseEnv({ APP_SECRET: "short" })).toThrow(/APP_SECRET must be at least 32 characters/);
    expect(() => parseEnv({ NEWS_ALLOW_PRIVATE_HOSTS: "maybe" })).toThrow(/NEWS_ALLOW_PRIVATE_HOSTS/);
    expect(() => parseEnv({ ADMIN_REQUIRE_TWO_FACTOR: "off" })).toThrow(/ADMIN_REQUIRE_TWO_FACTOR must be one of/);
  });

  it("lists every problem at once", () => {
    try {
      parseEnv({ PORT: "-1", MAIL_TO_STUDIO: "not-an-email" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems).toHaveLength(2);
    }
  });

  it("requires the DKIM variables together and a model with an AI endpoint", () => {
    expect(() => parseEnv({ DKIM_DOMAIN: "example.com" })).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY/);
    expect(() => parseEnv({ AI_BASE_URL: "http://127.0.0.1:11434/v1" })).toThrow(/AI_MODEL is required/);
  });

  it("strips a trailing slash from PUBLIC_URL and reads flags", () => {
    const env = parseEnv({ PUBLIC_URL: "https://nordlys.studio/", NEWS_ALLOW_PRIVATE_HOSTS: "1", NODE_ENV: "production" });
    expect(env.PUBLIC_URL).toBe("https://nordlys.studio");
    expect(env.NEWS_ALLOW_PRIVATE_HOSTS).toBe(true);
    expect(env.isProduction).toBe(true);
  });

  it("requires admin two-factor unless ADMIN_REQUIRE_TWO_FACTOR turns it off", () => {
    expect(parseEnv({}).ADMIN_REQUIRE_TWO_FACTOR).toBe(true);
    expect(parseEnv({ ADMIN_REQUIRE_TWO_FACTOR: "" }).ADMIN_REQUIRE_TWO_FACTOR).toBe(true);
    expect(parseEnv({ ADMIN_REQUIRE_TWO_FACTOR: "true" }).ADMIN_REQUIRE_TWO_FACTOR).toBe(true);
    expect(parseEnv({ ADMIN_REQUIRE_TWO_FACTOR: "false" }).ADMIN_REQUIRE_TWO_FACTOR).toBe(false);
    expect(parseEnv({ ADMIN_REQUIRE_TWO_FACTOR: "0" }).ADMIN_REQUIRE_TWO_FACTOR).toBe(false);
  });
});
