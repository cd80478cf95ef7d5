import { MasterDataCreate } from '../common/MasterDataCreate';
import { VEHICLE_TYPE_REASONS, VehicleTypeForm } from './VehicleTypeForm';

const VehicleTypeCreate = () => (
  <MasterDataCreate texts="vehicle_types" reasons={VEHICLE_TYPE_REASONS}>
    <VehicleTypeForm />
  </MasterDataCreate>
);

export default VehicleTypeCreate;
