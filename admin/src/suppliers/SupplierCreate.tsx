import { MasterDataCreate } from '../common/MasterDataCreate';
import { SUPPLIER_REASONS, SupplierForm } from './SupplierForm';

const SupplierCreate = () => (
  <MasterDataCreate texts="suppliers" reasons={SUPPLIER_REASONS}>
    <SupplierForm />
  </MasterDataCreate>
);

export default SupplierCreate;
