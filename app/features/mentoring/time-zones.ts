/** Time zones offered without JavaScript (with it, the browser's own zone is used); the chosen one is always listed. */
export const COMMON_TIME_ZONES = [
  "Europe/Oslo", "Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Paris", "Europe/Berlin", "Europe/Stockholm",
  "Europe/Helsinki", "Europe/Athens", "Europe/Istanbul", "Europe/Kyiv", "Africa/Lagos", "Africa/Nairobi", "Africa/Johannesburg",
  "Asia/Dubai", "Asia/Karachi", "Asia/Kolkata", "Asia/Dhaka", "Asia/Bangkok", "Asia/Singapore", "Asia/Shanghai", "Asia/Tokyo",
  "Australia/Perth", "Australia/Sydney", "Pacific/Auckland", "America/Sao_Paulo", "America/Argentina/Buenos_Aires",
  "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Anchorage", "Pacific/Honolulu", "UTC",
];
