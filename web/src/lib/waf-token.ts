/**
 * AWS WAF's challenge for the requests that hold a slot, look a booking up or mail a code (issue 29, `lib/waf.ts`):
 * before one of them, the SPA loads WAF's integration script from the web ACL's integration URL (once, only when a
 * guest first does such a thing) and asks it for a token. The script solves the challenge in the browser and keeps
 * the token in the `aws-waf-token` cookie of the site's domain, which the request then carries. Where no WAF
 * stands in front (the local stack) nothing is loaded.
 */

interface WafIntegration {
  getToken(): Promise<string>;
}

declare global {
  interface Window {
    AwsWafIntegration?: WafIntegration;
  }
}

let loading: { url: string; promise: Promise<void> } | undefined;

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`WAF integration script not loaded: ${src}`));
    document.head.appendChild(script);
  });
}

/** Loads the integration script of `integrationUrl` once per page, and takes a fresh token. */
export async function ensureWafToken(integrationUrl: string): Promise<void> {
  if (loading?.url !== integrationUrl) {
    const src = `${integrationUrl.replace(/\/?$/, '/')}challenge.js`;
    loading = { url: integrationUrl, promise: loadScript(src) };
    // A failed download is tried again by the next request that needs it.
    loading.promise.catch(() => {
      if (loading?.url === integrationUrl) loading = undefined;
    });
  }
  try {
    await loading.promise;
    await window.AwsWafIntegration?.getToken();
  } catch {
    // Without a token the request goes anyway: WAF then answers its challenge, which the API client reports.
  }
}
