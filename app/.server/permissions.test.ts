import { describe, expect, it } from "vitest";
import { adminRouteOf, mayOpen, whoMay } from "./permissions";

describe("the admin route table", () => {
  it("finds a route by the path a browser asks for, with React Router's .data suffix or a trailing slash", () => {
    expect(adminRouteOf("/admin/leads")?.path).toBe("/admin/leads");
    expect(adminRouteOf("/admin/leads.data")?.path).toBe("/admin/leads");
    expect(adminRouteOf("/admin.data")?.path).toBe("/admin");
    expect(adminRouteOf("/admin/")?.path).toBe("/admin");
    expect(adminRouteOf("/api/admin/leads/abc/release")?.path).toBe("/api/admin/leads/:id/release");
    expect(adminRouteOf("/admin/not-a-page")).toBeNull();
  });

  it("gives the owner everything, each role its own, and nobody a path the table does not know", () => {
    expect(mayOpen(["owner"], "/admin/outbox")).toBe(true);
    expect(mayOpen(["sales", "newsletter", "editor", "mentor"], "/admin/outbox")).toBe(false);
    expect(mayOpen(["mentor"], "/admin/mentoring/availability")).toBe(true);
    // A mentor opens the inbox (scoped to their learners by the feature), not its unmatched mail or the leads.
    expect(mayOpen(["mentor"], "/admin/inbox")).toBe(true);
    expect(mayOpen(["mentor"], "/admin/inbox/unmatched")).toBe(false);
    expect(mayOpen(["mentor"], "/admin/leads")).toBe(false);
    expect(mayOpen(["mentor"], "/admin/inbox/people/x/export", "export")).toBe(false);
    expect(mayOpen(["editor", "mentor"], "/admin/feeds")).toBe(true);
    expect(mayOpen([], "/admin")).toBe(false);
    expect(mayOpen(["owner"], "/admin/not-a-page")).toBe(false);
  });

  it("keeps exports and erasure of a person's data to the owner and Sales, wherever the page is open to more", () => {
    expect(mayOpen(["newsletter"], "/admin/subscribers")).toBe(true);
    expect(mayOpen(["newsletter"], "/admin/subscribers", "export")).toBe(false);
    expect(mayOpen(["newsletter"], "/api/admin/subscribers/x", "erase")).toBe(false);
    expect(mayOpen(["sales"], "/api/admin/subscribers/x", "erase")).toBe(true);
    expect(whoMay(adminRouteOf("/admin/subscribers"), "erase")).toBe("Sales or the owner");
    expect(whoMay(adminRouteOf("/admin/subscribers"))).toBe("Newsletter or Sales or the owner");
  });
});
