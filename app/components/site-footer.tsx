import { Link } from "react-router";
import { footerColumns, site } from "~/content/site";
import { useContactDetails } from "~/lib/contact-details";
import { Brand } from "./site-header";

export function SiteFooter() {
  const contact = useContactDetails();
  return (
    <footer className="lazy-render mt-24 border-t border-ink-200 bg-white">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="max-w-xs">
          <Brand />
          <p className="mt-3 text-sm text-ink-600">{site.description}</p>
        </div>
        {footerColumns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-ink-950">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-ink-600 hover:text-ink-950 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div>
          <h2 className="text-sm font-semibold text-ink-950">Info</h2>
          <ul className="mt-3 space-y-2 text-sm text-ink-600">
            <li>
              <a href={`mailto:${contact.email}`} className="hover:text-ink-950 hover:underline">
                {contact.email}
              </a>
            </li>
            <li>{contact.replyPromise}</li>
            <li>{contact.location}</li>
          </ul>
        </div>
      </div>
      <div className="border-t border-ink-100">
        <p className="container-page py-6 text-xs text-ink-600">
          © {new Date().getFullYear()} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
