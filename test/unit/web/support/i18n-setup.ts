/**
 * Component tests render without the app's router shell (`RouterLocale`), so the whole English catalogue (the
 * site's default language, both parts) is loaded before every test file, as main.tsx and the page's route do before it renders.
 */
import { loadWholeCatalogue } from '../../../../web/src/lib/i18n/i18n';

await loadWholeCatalogue('en');
