import { Create, SaveButton, SimpleForm, Toolbar, type RaRecord } from 'react-admin';
import { OrderInputs } from './OrderInputs';
import { orderPath } from './orderModel';
import { useOrderErrors } from './orderErrors';

/** Save is enabled on an empty form too: submitting it lists every required field at once. */
const CreateToolbar = () => <Toolbar><SaveButton alwaysEnable /></Toolbar>;

/** The new-order page at /new-order (spec §2); a saved order opens at its detail /orders/{id}. */
const OrderCreate = () => {
  const onError = useOrderErrors();
  return (
    <Create resource="orders" title="menu.new_order" redirect={(_resource: string | undefined, id?: RaRecord['id']) => orderPath(id!)}
      mutationOptions={{ onError }} sx={{ '& .RaCreate-card': { maxWidth: 900 } }}>
      <SimpleForm toolbar={<CreateToolbar />}>
        <OrderInputs />
      </SimpleForm>
    </Create>
  );
};

export default OrderCreate;
