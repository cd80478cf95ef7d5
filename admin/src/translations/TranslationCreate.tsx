import { Create, SaveButton, SimpleForm, Toolbar, useNotify, useRedirect } from 'react-admin';
import { useServerErrors } from '../common/useServerErrors';
import { reloadCatalogs } from '../providers/i18nProvider';
import { TranslationIdInputs, TranslationTextInputs, validatePlaceholders } from './TranslationInputs';
import { messageId, type TranslationRecord } from './translationModel';

/** A new message; the running screens learn it at once (a release may already ask for it). */
const TranslationCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = useServerErrors('translations');
  const onSuccess = async (created: TranslationRecord) => {
    await reloadCatalogs();
    notify('translations.notifications.created', { type: 'success', messageArgs: { id: messageId(created) } });
    redirect('list', 'translations');
  };
  return (
    <Create mutationOptions={{ onSuccess, onError }} sx={{ '& .RaCreate-card': { maxWidth: 800 } }}>
      <SimpleForm validate={validatePlaceholders} noValidate toolbar={<Toolbar><SaveButton alwaysEnable /></Toolbar>}>
        <TranslationIdInputs />
        <TranslationTextInputs />
      </SimpleForm>
    </Create>
  );
};

export default TranslationCreate;
