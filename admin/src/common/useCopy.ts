import { useNotify } from 'react-admin';

/**
 * Copies text to the clipboard and says so (`copied`, a message key). Where the clipboard is
 * refused (a page not served over HTTPS), `refused` runs instead: the caller leaves the text
 * selectable for the keyboard's copy.
 */
export function useCopy(): (text: string, copied: string, refused?: () => void) => Promise<void> {
  const notify = useNotify();
  return async (text, copied, refused) => {
    try {
      await navigator.clipboard.writeText(text);
      notify(copied, { type: 'success' });
    } catch {
      refused?.();
    }
  };
}
