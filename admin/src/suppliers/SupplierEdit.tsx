import { MasterDataEdit } from '../master-data/MasterDataEdit';
import { SupplierForm } from './SupplierForm';

const SupplierEdit = () => (
  <MasterDataEdit texts="suppliers">
    <SupplierForm />
  </MasterDataEdit>
);

export default SupplierEdit;
