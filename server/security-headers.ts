/** Headers every response carries. `nonce` allows React Router's inline hydration scripts. */
export function securityHeaders(options: { nonce?: string; https: boolean }): Record<string, string> {
  const scriptSrc = options.nonce ? `'self' 'nonce-${options.nonce}'` : "'self'";
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    // Inline style attributes only (React style props); no inline scripts anywhere.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // Video players load only after a click on a facade.
    "frame-src https://www.youtube-nocookie.com https://www.tiktok.com https://www.linkedin.com",
    "form-action 'self' https://checkout.stripe.com",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (options.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/**
 * A route may set one of these headers itself (the customer's order page sends `Referrer-Policy:
 * same-origin`, stricter than the site's). React Router's Express adapter *appends* a route's
 * headers, so both values went out and browsers pick unpredictably between duplicates: for these
 * names the route's value replaces the site's instead.
 */
export function routeHeadersReplaceSiteHeaders(res: {
  append(name: string, value: string | string[]): unknown;
  setHeader(name: string, value: string | string[]): unknown;
}) {
  const names = new Set(Object.keys(securityHeaders({ https: true })).map((name) => name.toLowerCase()));
  const append = res.append.bind(res);
  res.append = (name: string, value: string | string[]) =>
    names.has(name.toLowerCase()) ? res.setHeader(name, value) : append(name, value);
}
