import { MasterDataEdit } from '../common/MasterDataEdit';
import { VehicleTypeForm } from './VehicleTypeForm';

const VehicleTypeEdit = () => (
  <MasterDataEdit texts="vehicle_types">
    <VehicleTypeForm />
  </MasterDataEdit>
);

export default VehicleTypeEdit;
