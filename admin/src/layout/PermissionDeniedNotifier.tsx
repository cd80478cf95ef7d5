import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { onPermissionDenied } from '../providers/permissionNotice';
import { useToast } from './useToast';

/** Registers the global permission-denied handler: a destructive notice (docs/error-codes.md#how-the-admin-treats-them). */
export const PermissionDeniedNotifier = () => {
  const toast = useToast();
  const translate = useTranslate();
  useEffect(() => onPermissionDenied(() => toast({
    variant: 'destructive',
    title: translate('access.permission_denied_title'),
    description: translate('access.permission_denied_description'),
  })), [toast, translate]);
  return null;
};
