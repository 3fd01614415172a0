/**
 * Component tests render without the app's router shell (`RouterLocale`), so the English catalogue (the site's
 * default language) is loaded before every test file, as main.tsx does before the first render.
 */
import { loadCatalogue } from '../../../../web/src/lib/i18n/i18n';

await loadCatalogue('en');
