import { recordsEndpoint } from "~/features/admin/admin-endpoint.server";
import { deleteLead, exportLeadsCsv, listLeads } from "~/features/admin/leads.server";
import { leadQuerySchema, parseQuery } from "~/features/admin/schema";

/**
 * GET    /api/admin/leads?q=&page=&held=1      one page of leads (JSON); held=1: the held ones
 * GET    /api/admin/leads?format=csv&q=&held=1 every matching lead as CSV (audited)
 * DELETE /api/admin/leads/<id>                 erase one lead (audited)
 * (POST /api/admin/leads/<id>/release is admin-lead-release.ts.)
 */
const endpoint = recordsEndpoint({
  noun: "lead",
  parse: (url) => parseQuery(leadQuerySchema, url),
  list: listLeads,
  exportCsv: async (query) => ({
    ...(await exportLeadsCsv(query)),
    filters: `${query.q ? ` q=${query.q}` : ""}${query.held ? " held" : ""}`,
  }),
  remove: deleteLead,
});

export const loader = endpoint;
export const action = endpoint;
