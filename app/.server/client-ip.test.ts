import { describe, expect, it } from "vitest";
import { clientNetworkKey, normalizeClientIp } from "./client-ip";

describe("client addresses", () => {
  it("reads an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(normalizeClientIp("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(normalizeClientIp("::ffff:cb00:7109")).toBe("203.0.113.9");
    expect(normalizeClientIp("2001:db8::1")).toBe("2001:db8::1");
    expect(normalizeClientIp("not an address")).toBe("not an address");
  });

  it("keys IPv4 clients by address and IPv6 clients by their /56", () => {
    expect(clientNetworkKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetworkKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetworkKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1::/56");
    expect(clientNetworkKey("2001:db8:1:2::1")).toBe(clientNetworkKey("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    // The 256 /64s of one /56 are one client; the next /56 is another.
    expect(clientNetworkKey("2001:db8:1:ff::1")).toBe(clientNetworkKey("2001:db8:1:2::1"));
    expect(clientNetworkKey("2001:db8:1:100::1")).not.toBe(clientNetworkKey("2001:db8:1:2::1"));
    expect(clientNetworkKey("fe80::1%eth0")).toBe("fe80::/56");
    expect(clientNetworkKey("::1")).toBe("::/56");
  });
});
