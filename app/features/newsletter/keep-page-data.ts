import type { ShouldRevalidateFunction } from "react-router";

/**
 * For the routes that show the sign-up card (`export const shouldRevalidate`):
 * a sign-up changes nothing else the page shows, so its data is not loaded
 * again after one; anything else keeps React Router's default.
 */
export const keepPageDataAfterSignup: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/newsletter/subscribe" ? false : defaultShouldRevalidate;
