import { MasterDataCreate } from '../master-data/MasterDataCreate';
import { VehicleTypeForm } from './VehicleTypeForm';

const VehicleTypeCreate = () => (
  <MasterDataCreate texts="vehicle_types">
    <VehicleTypeForm />
  </MasterDataCreate>
);

export default VehicleTypeCreate;
