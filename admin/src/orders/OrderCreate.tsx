import { Create, SaveButton, SimpleForm, Toolbar, TopToolbar, useRedirect, useTranslate, type RaRecord } from 'react-admin';
import { useServerErrors } from '../common/useServerErrors';
import { useToast } from '../layout/useToast';
import { OrderImport, OrderImportButton } from './import/OrderImportButton';
import { OrderInputs } from './OrderInputs';
import { orderPath } from './orderModel';

/** Save is enabled on an empty form too: submitting it lists every required field at once. */
const CreateToolbar = () => <Toolbar><SaveButton alwaysEnable /></Toolbar>;

/**
 * The new-order page at /new-order (docs/routes-and-pages.md#route-table); a saved order opens at
 * its detail /orders/{id}.
 */
const OrderCreate = () => {
  const onError = useServerErrors('orders');
  const toast = useToast();
  const translate = useTranslate();
  const redirect = useRedirect();
  /** Opens the new order, and says which it is, with a way back to it once the person has moved on. */
  const onSuccess = (order: RaRecord) => {
    redirect(orderPath(order.id));
    toast({
      variant: 'success',
      title: translate('orders.detail.created_title'),
      description: translate('orders.detail.created_body', { mtm: order.mtmNumber, dn: order.dnNumber }),
      link: { label: translate('orders.detail.open'), to: orderPath(order.id) },
    });
  };
  return (
    <OrderImport>
      <Create resource="orders" title="menu.new_order" mutationOptions={{ onError, onSuccess }}
        actions={<TopToolbar><OrderImportButton /></TopToolbar>}
        sx={{ '& .RaCreate-card': { maxWidth: 900 } }}>
        <SimpleForm toolbar={<CreateToolbar />}>
          <OrderInputs />
        </SimpleForm>
      </Create>
    </OrderImport>
  );
};

export default OrderCreate;
