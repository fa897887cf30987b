/**
 * What an admin page says when one of its posts fails on the way (offline, a proxy's error
 * page): the admin area's failure text ("An error occurred"), shown on the page, which keeps
 * what was typed (docs/decisions/0177). The newsletter send keeps its own 'Failed to send
 * newsletter'.
 */
export const ADMIN_REQUEST_FAILED = "An error occurred";
export const ADMIN_REQUEST_FAILED_HINT =
  "The request did not reach the server, or its answer did not come back. Please try again in a moment.";
