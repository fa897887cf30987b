import { recordsEndpoint } from "~/features/admin/admin-endpoint.server";
import { parseQuery, subscriberQuerySchema } from "~/features/admin/schema";
import { countSubscribers, deleteSubscriber, exportSubscribersCsv, listSubscribers } from "~/features/admin/subscribers.server";

/**
 * GET    /api/admin/subscribers?q=&status=&page=      counts and one page (JSON)
 * GET    /api/admin/subscribers?format=csv&q=&status= CSV (audited)
 * DELETE /api/admin/subscribers/<id>                  erase one (audited)
 */
const endpoint = recordsEndpoint({
  noun: "subscriber",
  parse: (url) => parseQuery(subscriberQuerySchema, url),
  list: async (query) => {
    const [counts, page] = await Promise.all([countSubscribers(), listSubscribers(query)]);
    return { counts, ...page };
  },
  exportCsv: exportSubscribersCsv,
  remove: deleteSubscriber,
});

export const loader = endpoint;
export const action = endpoint;
