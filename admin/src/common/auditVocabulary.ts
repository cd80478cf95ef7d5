import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { isRecordType, RECORD_TYPE_NAMES, RECORD_TYPES, recordTypeOf } from '@kernel/resources/recordTypes';

/** The actions the server writes to the activity log (every logActivity call under api/src). */
export const ACTIONS = [
  'login', 'logout', 'login_failed', 'register', 'create', 'update', 'delete', 'restore', 'purge', 'import',
  'status_change', 'batch_update', 'upload', 'reset_password', 'sign_out_everywhere', 'end_session',
  'second_factor_setup', 'second_factor_added', 'second_factor_removed', 'recovery_codes_renewed', 'reset_second_factor',
  'rate_card_apply', 'bulk_edit', 'undo', 'retry', 'print',
] as const;

/** The entity types the log names: the record types (kernel/resources/recordTypes.ts) and the other logged subjects. */
export const ENTITY_TYPES = [...RECORD_TYPE_NAMES, 'permission', 'saved_filter', 'mail', 'mail_settings', 'notification_settings'] as const;

export const ACTION_CHOICES = ACTIONS.map((action) => ({ id: action, name: `activity_logs.actions.${action}` }));
export const ENTITY_TYPE_CHOICES = ENTITY_TYPES.map((type) => ({ id: type, name: `entity_types.${type}` }));

/**
 * The record type a record form's resource holds, as the activity log and the trash name it:
 * orders → order, vehicle-types → vehicle_type. Every form that asks is a record type's.
 */
export const recordType = (resource: string): string => recordTypeOf(resource) ?? resource;

/**
 * The words of the log in the user's language. A value this release has no text for (an action
 * a newer server writes) shows as the server sent it rather than as a raw message key.
 */
export function useAuditLabels() {
  const translate = useTranslate();
  return useMemo(() => ({
    action: (action: string) => translate(`activity_logs.actions.${action}`, { _: action }),
    entityType: (type: string) => translate(`entity_types.${type}`, { _: type }),
    /** A changed field: the resource's own label, else the log's, else its name. */
    field(entityType: string | null, field: string): string {
      // The permission matrix logs one entry per role ("roles.biller"), per user ("users.li.lei")
      // and per role's field groups ("fieldGroups.biller").
      const [subject, ...rest] = field.split('.');
      if (entityType === 'permission' && rest.length > 0) {
        const name = rest.join('.');
        const role = () => translate(`roles.${name}`, { _: name });
        if (subject === 'roles') return translate('app.label_value', { label: translate('activity_logs.subjects.role'), value: role() });
        if (subject === 'fieldGroups') return translate('app.label_value', { label: translate('activity_logs.subjects.field_groups'), value: role() });
        return translate('app.label_value', { label: translate('activity_logs.subjects.user'), value: name });
      }
      const own = translate(`activity_logs.change_fields.${field}`, { _: field });
      return entityType && isRecordType(entityType)
        ? translate(`resources.${RECORD_TYPES[entityType].name}.fields.${field}`, { _: own }) : own;
    },
  }), [translate]);
}
