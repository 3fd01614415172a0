import { createContext, useContext, type ReactNode } from 'react';
import type { AppConfig } from '../lib/config';

const ConfigContext = createContext<AppConfig | null>(null);

export function ConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/** The validated `/config.json`; the app renders only once it has loaded, so it is always there. */
export function useAppConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useAppConfig outside ConfigProvider');
  return config;
}
