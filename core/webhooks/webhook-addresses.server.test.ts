import { describe, expect, it } from "vitest";
import {
  type AddressKind,
  addressKind,
  checkEndpointAddress,
  parseEndpointUrl,
  type WebhookAddressRules,
} from "./webhook-addresses.server.ts";

describe("the kinds of address webhooks may go to", () => {
  const cases: [string, AddressKind][] = [
    ["93.184.216.34", "public"],
    ["8.8.8.8", "public"],
    ["2606:4700:4700::1111", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["10.0.0.5", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", "public"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["fec0::1", "private"],
    ["64:ff9b:1::1", "private"],
    ["::ffff:10.0.0.5", "private"],
    ["64:ff9b::a00:5", "private"],
    ["64:ff9b::808:808", "public"],
    ["169.254.169.254", "link-local"],
    ["::ffff:169.254.169.254", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["198.18.0.1", "reserved"],
    ["2001:db8::1", "reserved"],
    ["2001::1", "reserved"],
    ["2002:a00:5::1", "reserved"],
    ["3fff::1", "reserved"],
    ["::10.0.0.5", "reserved"],
    ["100::1", "reserved"],
    ["not an address", "reserved"],
  ];
  it.each(cases)("%s is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});

describe("an endpoint's address", () => {
  const rules = (
    allowLoopback: boolean,
    names: Record<string, string[]> = {},
  ): WebhookAddressRules => ({
    allowLoopback,
    resolve: async (hostname) => {
      const found = names[hostname];
      if (!found) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    },
  });
  const check = async (url: string, given: WebhookAddressRules) => {
    const parsed = parseEndpointUrl(url);
    return parsed.ok ? checkEndpointAddress(parsed.url, given) : parsed;
  };

  it("takes https on public addresses, and drops a fragment", async () => {
    const parsed = parseEndpointUrl("  https://hooks.example/in?key=1#part ");
    expect(parsed.ok && parsed.url.href).toBe("https://hooks.example/in?key=1");
    expect(
      await check(
        "https://hooks.example/in",
        rules(false, { "hooks.example": ["93.184.216.34", "2606:4700::1"] }),
      ),
    ).toEqual({
      ok: true,
      addresses: [
        { address: "93.184.216.34", family: 4 },
        { address: "2606:4700::1", family: 6 },
      ],
    });
  });

  it("reads odd IPv4 forms as the URL parser writes them", async () => {
    for (const url of [
      "http://2130706433/",
      "http://0x7f.1/",
      "http://0177.0.0.1/",
      "http://127.1/",
    ]) {
      const result = await check(url, rules(false));
      expect(result.ok, url).toBe(false);
      if (!result.ok) expect(result.message, url).toContain("(127.0.0.1)");
    }
  });

  it("refuses a host that has any address that is not public", async () => {
    const names = { "mixed.example": ["93.184.216.34", "10.0.0.1"] };
    expect(await check("https://mixed.example/", rules(false, names))).toEqual({
      ok: false,
      message:
        "This address leads to a private network (10.0.0.1): webhooks go to public addresses only.",
    });
  });

  it("takes plain http only to the loopback address, and only when allowed", async () => {
    expect((await check("http://127.0.0.1:8080/", rules(true))).ok).toBe(true);
    expect((await check("http://127.0.0.1:8080/", rules(false))).ok).toBe(false);
    const publicHttp = await check(
      "http://hooks.example/",
      rules(true, { "hooks.example": ["93.184.216.34"] }),
    );
    expect(publicHttp).toEqual({ ok: false, message: "The address must start with https://." });
  });

  it("says when a host name cannot be found", async () => {
    expect(await check("https://nowhere.example/", rules(false))).toEqual({
      ok: false,
      message: "No host is called nowhere.example: please check the address.",
    });
  });
});
