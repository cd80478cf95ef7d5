import { MasterDataCreate } from '../common/MasterDataCreate';
import { VehicleTypeForm } from './VehicleTypeForm';

const VehicleTypeCreate = () => (
  <MasterDataCreate texts="vehicle_types">
    <VehicleTypeForm />
  </MasterDataCreate>
);

export default VehicleTypeCreate;
