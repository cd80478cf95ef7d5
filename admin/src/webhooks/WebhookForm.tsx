import { AutocompleteArrayInput, BooleanInput, CheckboxGroupInput, maxLength, ReferenceArrayInput, TextInput } from 'react-admin';
import { MasterDataForm } from '../master-data/MasterDataForm';
import { requiredField, websiteFormat } from '../common/validators';
import { areaOption, PausedNotice } from './webhookParts';
import { EVENT_CHOICES } from './webhookModel';

// The server's rules (api/src/webhooks/webhooksResource.ts); whether an address is public it checks itself.
const validateUrl = [requiredField, websiteFormat, maxLength(2000)];

const DEFAULTS = { active: true, events: [], deliveryAreaIds: [] };

/** Only live areas are offered; one the webhook keeps though it is no longer active still shows as chosen. */
const ACTIVE_AREAS = { status: 'active' };

/**
 * The webhook form of the create and edit pages: the endpoint, the events it hears of (a box
 * each, in two columns where there is room), the areas whose orders it tells of, and whether it
 * is active. On the edit page, why it is paused if it is, its deletion (to the trash) and its history.
 */
export const WebhookForm = () => (
  <MasterDataForm deleteConfirm="webhooks.delete_content" defaultValues={DEFAULTS}>
    <PausedNotice />
    <TextInput source="url" type="url" validate={validateUrl} helperText="webhooks.helper.url" fullWidth
      sx={{ maxWidth: 640 }} slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }} />
    <CheckboxGroupInput source="events" choices={EVENT_CHOICES} validate={requiredField} row={false}
      sx={{ '& .MuiFormGroup-root': { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } }} />
    <ReferenceArrayInput source="deliveryAreaIds" reference="delivery-area-options" filter={ACTIVE_AREAS}
      sort={{ field: 'code', order: 'ASC' }} perPage={100}>
      <AutocompleteArrayInput optionText={areaOption} filterToQuery={(q: string) => ({ q })} helperText="webhooks.helper.areas"
        label="resources.webhooks.fields.deliveryAreaIds" fullWidth sx={{ maxWidth: 640 }} />
    </ReferenceArrayInput>
    <BooleanInput source="active" />
  </MasterDataForm>
);
