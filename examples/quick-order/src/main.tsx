import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createClient, type ConfigResponse } from 'skimmer/api';
import { SkimmerProvider } from 'skimmer/hooks';
import { QuickOrderApp } from './QuickOrderApp.tsx';
import './styles.css';

// Same origin as the page: Vite proxies /api to the store (see vite.config.ts).
const client = createClient({ baseUrl: '' });
const root = createRoot(document.getElementById('root')!);

function render(config: ConfigResponse) {
  root.render(
    <StrictMode>
      <SkimmerProvider client={client} storeConfig={config.storeConfig} themeConfig={config.themeConfig}>
        <QuickOrderApp storeName={config.storeConfig.storeName} />
      </SkimmerProvider>
    </StrictMode>,
  );
}

client.config().then(render, (error: unknown) => {
  root.render(<p className="qo-fatal" role="alert">The store did not answer ({error instanceof Error ? error.message : String(error)}). Is it running?</p>);
});
