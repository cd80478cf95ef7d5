import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useCanEditOrders } from '../useCanEditOrders';
import { OrderImportDialog } from './OrderImportDialog';

const OpenImport = createContext<(() => void) | null>(null);

/**
 * Holds the import dialog for a page (the order list, the new-order page) above what its buttons
 * sit in: the list's empty state, which holds one, gives way to the rows an import creates, and the
 * dialog must stay open through that.
 */
export const OrderImport = ({ children }: { children: ReactNode }) => {
  const [open, setOpen] = useState(false);
  return (
    <OpenImport.Provider value={() => setOpen(true)}>
      {children}
      {open && <OrderImportDialog onClose={() => setOpen(false)} />}
    </OpenImport.Provider>
  );
};

/** "Import" on the order list (its empty state too) and the new-order page, for those who may create orders. */
export const OrderImportButton = ({ variant = 'text' }: { variant?: 'text' | 'outlined' }) => {
  const translate = useTranslate();
  const canEdit = useCanEditOrders();
  const openImport = useContext(OpenImport);
  if (!canEdit || !openImport) return null;
  return (
    <Button size="small" variant={variant} startIcon={<UploadFileIcon />} onClick={openImport} data-testid="order-import-open">
      {translate('order_import.button')}
    </Button>
  );
};
