import { getAuth } from "~/.server/auth";
import { setCookieHeaders } from "./cookies.server";

/** Ends the session of the request (deletes it and clears the cookies). */
export async function signOut(request: Request): Promise<Headers> {
  try {
    const result = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    return setCookieHeaders(result.headers);
  } catch {
    // No session to end: nothing to clear.
    return new Headers();
  }
}
