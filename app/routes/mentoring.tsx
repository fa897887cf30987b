import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/mentoring";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "AI Mentoring 1-to-1",
    description: "Book 1-to-1 AI mentoring sessions by video call, with scholarships for students and flexible payment.",
    path: "/mentoring",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Mentoring" title="AI Mentoring 1-to-1">
      <p>Learn to build with AI in 1-to-1 sessions on a video call, at your pace.</p>
    </PageHeader>
  );
}
