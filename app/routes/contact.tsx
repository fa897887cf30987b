import { PageHeader } from "~/components/page-header";
import { FormPage } from "~/features/forms/components/form-page";
import { formLoaderData, handleFormAction } from "~/features/forms/form-action.server";
import { keepFormOnFailedRequest } from "~/features/forms/keep-form-on-failed-request";
import { useContactDetails } from "~/lib/contact-details";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Contact",
    description: "Tell Nordlys Studio about your project and get a proposal. We reply within 24 hours.",
    path: "/contact",
    publicUrl: publicUrlFrom(matches),
  });

export function loader() {
  return formLoaderData("contact");
}

export function action({ request, context }: Route.ActionArgs) {
  return handleFormAction("contact", request, context);
}

/** A post that fails on the way keeps the page and what was typed (docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailedRequest("contact", args);

export default function Page({ loaderData }: Route.ComponentProps) {
  const contact = useContactDetails();
  return (
    <>
      <PageHeader eyebrow="Start your project" title="Contact">
        <p>Tell us what you want to build. We reply within 24 hours.</p>
      </PageHeader>
      <FormPage
        source="contact"
        form={loaderData}
        asideTitle="Other ways to reach us"
        aside={
          <>
            <p>
              Write to{" "}
              <a className="font-medium text-aurora-700 underline underline-offset-4" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
              .
            </p>
            <p>{contact.replyPromise}</p>
            <p>Studio in {contact.location}; we work with teams everywhere.</p>
          </>
        }
      />
    </>
  );
}
