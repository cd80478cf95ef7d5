import { MasterDataEdit } from '../master-data/MasterDataEdit';
import { VehicleTypeForm } from './VehicleTypeForm';

const VehicleTypeEdit = () => (
  <MasterDataEdit texts="vehicle_types">
    <VehicleTypeForm />
  </MasterDataEdit>
);

export default VehicleTypeEdit;
