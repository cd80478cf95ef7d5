import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { dataProvider } from './providers/dataProvider';
import { loadCatalogs } from './providers/i18nProvider';

// Real browser paths (not "#/"): react-admin detects the surrounding data router and uses it.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

loadCatalogs((locale) => dataProvider.translationCatalog(locale)).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
