import { lazy } from 'react';

const ComingSoon = lazy(() => import('./ComingSoon'));

/** A resource whose screens are still to come: its list shows the coming-soon page. */
export function placeholderResource(title: string) {
  return { list: () => <ComingSoon title={title} /> };
}
