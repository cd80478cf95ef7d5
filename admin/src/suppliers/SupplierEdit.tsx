import { MasterDataEdit } from '../common/MasterDataEdit';
import { SUPPLIER_REASONS, SupplierForm } from './SupplierForm';

const SupplierEdit = () => (
  <MasterDataEdit texts="suppliers" reasons={SUPPLIER_REASONS}>
    <SupplierForm />
  </MasterDataEdit>
);

export default SupplierEdit;
