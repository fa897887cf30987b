import { expect, it } from "vitest";
import { routeGroup } from "./metrics";

it("groups paths into few labels", () => {
  expect(routeGroup("/", 200)).toBe("/");
  expect(routeGroup("/projects", 200)).toBe("/projects");
  expect(routeGroup("/projects/lawsecai", 200)).toBe("/projects/:rest");
  expect(routeGroup("/api/fetch-ai-news", 200)).toBe("/api/fetch-ai-news");
  expect(routeGroup("/assets/root-abc.css", 200)).toBe("/assets");
  expect(routeGroup("/wp-admin/install.php", 404)).toBe("not_found");
});
