import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Alert, Box, Button, Card, CardContent, Link, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { LocalesMenuButton, useLogin, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useErrorText } from '../common/useServerErrors';
import { fieldMessages } from '../providers/errorMessages';
import type { CurrentUser } from '../providers/dataProvider';
import { LANGUAGES } from '../providers/i18nProvider';
import { ThemeSwitch } from '../layout/ThemeSwitch';
import { SecondStepNeeded } from '../providers/authProvider';
import { SecondStepForm } from '../second-factor/SecondStepForm';
import type { SecondStep } from '@kernel/auth/secondFactor';
import { useToast } from '../layout/useToast';
import { PASSWORD_LENGTH } from '@kernel/auth/passwordRules';
import { personName } from '@kernel/users/personName';

type Fields = Record<string, string>;

/** A sign-in or registration form's values, its fields and its submission (the server's refusals under the fields and as a toast). */
function useAuthForm(mode: 'login' | 'register', initial: Fields, onSecondStep?: (step: SecondStep) => void) {
  const login = useLogin();
  const toast = useToast();
  const translate = useTranslate();
  const errorText = useErrorText();
  const [values, setValues] = useState<Fields>(initial);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Fields>({});

  const submit = async (values: Fields, clientErrors: Fields) => {
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) return;
    setPending(true);
    try {
      const user: CurrentUser = await login(mode === 'register' ? { ...values, register: true } : values);
      if (mode === 'register') {
        toast({ variant: 'success', title: translate('auth.account_created'),
          description: user?.status === 'pending' ? translate('auth.account_pending') : undefined });
      } else {
        toast({ variant: 'success', title: translate('auth.welcome_back'),
          description: user ? translate('auth.logged_in_as', { name: personName(user) }) : undefined });
      }
    } catch (error) {
      if (error instanceof SecondStepNeeded) {
        onSecondStep?.(error.step);
        return;
      }
      setErrors(Object.fromEntries(Object.entries(fieldMessages('auth', error))
        .map(([field, { key, args }]) => [field, translate(key, args)])));
      const title = translate(mode === 'register' ? 'auth.registration_failed' : 'auth.login_failed');
      toast({ variant: 'destructive', title, description: errorText(error) });
    } finally {
      setPending(false);
    }
  };
  const field = (name: string, label: string, type = 'text', autoComplete?: string) => (
    <TextField name={name} label={translate(label)} type={type} autoComplete={autoComplete} fullWidth
      value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      error={Boolean(errors[name])} helperText={errors[name]} />
  );
  return { values, field, submit, pending };
}

const required = (values: Fields, names: string[], message: string): Fields =>
  Object.fromEntries(names.filter((n) => !values[n]?.trim()).map((n) => [n, message]));

const LoginForm = () => {
  const translate = useTranslate();
  const [step, setStep] = useState<SecondStep>();
  const { values, field, submit, pending } = useAuthForm('login', { username: '', password: '' }, setStep);
  if (step) return <SecondStepForm step={step} onBack={() => setStep(undefined)} />;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(values, required(values, ['username', 'password'], translate('validation.required')));
  };
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate data-testid="login-form">
      {field('username', 'auth.username', 'text', 'username')}
      {field('password', 'auth.password', 'password', 'current-password')}
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        {translate(pending ? 'auth.signing_in' : 'auth.sign_in')}
      </Button>
    </Stack>
  );
};

const RegisterForm = () => {
  const translate = useTranslate();
  const { values, field, submit, pending } = useAuthForm('register',
    { firstName: '', lastName: '', username: '', email: '', password: '', confirmPassword: '' });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const clientErrors = required(values, ['firstName', 'lastName', 'username', 'password', 'confirmPassword'],
      translate('validation.required'));
    if (!clientErrors.password && (values.password.length < PASSWORD_LENGTH.min || values.password.length > PASSWORD_LENGTH.max)) {
      clientErrors.password = translate('auth.password_length');
    }
    if (!clientErrors.confirmPassword && values.password !== values.confirmPassword) {
      clientErrors.confirmPassword = translate('auth.passwords_differ');
    }
    const { confirmPassword: _confirm, ...body } = values;
    submit(body, clientErrors);
  };
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate data-testid="register-form">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('lastName', 'auth.last_name', 'text', 'family-name')}
        {field('firstName', 'auth.first_name', 'text', 'given-name')}
      </Stack>
      {field('username', 'auth.username', 'text', 'username')}
      {field('email', 'auth.email', 'email', 'email')}
      {field('password', 'auth.password', 'password', 'new-password')}
      {field('confirmPassword', 'auth.confirm_password', 'password', 'new-password')}
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        {translate(pending ? 'auth.creating_account' : 'auth.create_account')}
      </Button>
    </Stack>
  );
};

/** The public sign-in page (docs/routes-and-pages.md#how-a-page-is-opened): a login tab and a register tab. */
export const AuthPage = () => {
  const translate = useTranslate();
  const [tab, setTab] = useState<'login' | 'register'>('login');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center',
      // Room above the card for the language and theme buttons, which a tall card (an app being set up, on a phone) would run under.
      justifyContent: 'center', bgcolor: 'background.default', p: 2, pt: 7,
      backgroundImage: (t) => `linear-gradient(135deg, ${t.palette.primary.main}22, transparent 60%)` }}>
      <Box sx={{ position: 'absolute', top: 8, right: 8, display: 'flex' }}>
        <LocalesMenuButton languages={LANGUAGES} />
        <ThemeSwitch />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 440 }} elevation={4}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
            <LocalShippingIcon color="primary" sx={{ fontSize: 48 }} />
            <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>{translate('app.title')}</Typography>
            <Typography variant="body2" color="text.secondary">{translate('app.subtitle')}</Typography>
          </Stack>
          <Tabs value={tab} onChange={(_e, value) => setTab(value)} variant="fullWidth" sx={{ mb: 3 }}>
            <Tab value="login" label={translate('auth.login_tab')} data-testid="tab-login" />
            <Tab value="register" label={translate('auth.register_tab')} data-testid="tab-register" />
          </Tabs>
          {tab === 'login' ? <LoginForm /> : <RegisterForm />}
        </CardContent>
      </Card>
      <Alert severity="info" icon={false} sx={{ mt: 2, bgcolor: 'transparent' }}>
        <Link component={RouterLink} to="/monitoring-dashboard" underline="hover" sx={{ fontWeight: 500 }}>
          {translate('menu.monitoring_dashboard')}
        </Link>
        {' · '}{translate('app.public_access')}
      </Alert>
    </Box>
  );
};
