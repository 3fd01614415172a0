/**
 * Lambda only: stands in for `libphonenumber-js/min` in every function bundle (an esbuild alias set by
 * `lib/lambda-function.ts`). The library with its country metadata weighs ~185 KB minified (~120 KB of it when
 * bundled with the rest shaken out), and only a booking request needs it. So it is bundled on its own into
 * `phone-rules.js` beside the function's `index.js`, and required on the first phone check of a container: a cold
 * start of any other route does not parse it. Locally and in the browser the real module is imported directly;
 * `domain/phone.ts` does not know.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PhoneRules from 'libphonenumber-js/min';

/** The file the bundling writes beside `index.js` (see `lib/lambda-function.ts`). */
export const PHONE_RULES_FILE = 'phone-rules.js';

let rules: typeof PhoneRules | undefined;

/** Loads the rules from `dir` (the bundle's own folder in Lambda) once per container. */
export function loadPhoneRules(dir: string = __dirname): typeof PhoneRules {
  const file = path.join(dir, PHONE_RULES_FILE);
  // A run-time path: the bundler leaves this require to Node.
  rules ??= createRequire(file)(file) as typeof PhoneRules;
  return rules;
}

export const parsePhoneNumberFromString: typeof PhoneRules.parsePhoneNumberFromString = (...args) =>
  loadPhoneRules().parsePhoneNumberFromString(...args);
