import { expect } from "vitest";
import { AppError } from "../../app/.server/errors.ts";

/** The AppError `work` fails with; the test fails if it succeeds or fails otherwise. */
export async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
