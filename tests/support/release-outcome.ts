/** What an admin's release of a held item came to, as the admin pages tell it: released, or refused as not held or not found. */
export const releaseOutcome = (release: Promise<void>): Promise<string> =>
  release.then(
    () => "released",
    (error: { code?: string }) =>
      error.code === "conflict" ? "not-held" : error.code === "not_found" ? "not-found" : Promise.reject(error),
  );
