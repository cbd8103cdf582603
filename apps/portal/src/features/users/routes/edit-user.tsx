import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Page } from '../../../components/page.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { useSites } from '../../../lib/merchant/sites.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { pathTo } from '../../../lib/paths.ts';
import { useUser } from '../api/get-user.ts';
import { useRemoveUser } from '../api/remove-user.ts';
import { useResetUserPassword } from '../api/reset-user-password.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { RemoveUserButton } from '../components/remove-user-button.tsx';
import { UserForm } from '../components/user-form.tsx';
import { useHolds } from '../use-user-permissions.ts';
import { USER_ERRORS } from '../user-errors.ts';
import { fromUser, toRoles } from '../user-form-values.ts';
/** /users/{userId} (User_UpdateUser): roles and sites, reset password, remove with confirmation. */
export default function EditUserScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useParams().userId ?? '';
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const holds = useHolds();
  const user = useUser(merchantId, userId);
  const sites = useSites(merchantId);
  const update = useUpdateUser(merchantId, userId);
  const reset = useResetUserPassword(merchantId, userId);
  const remove = useRemoveUser(merchantId, userId);
  const error = update.error ?? reset.error;

  if (user.error) {
    return (
      <Page titleKey="routes.edit-user">
        <Alert color="red" variant="light" role="alert">
          {t(apiErrorKey(user.error, 'errors.generic'))}
        </Alert>
      </Page>
    );
  }
  if (!user.data || sites.isPending) {
    return (
      <Page titleKey="routes.edit-user">
        <LoadingIndicator size="sm" label={t('access.loading')} />
      </Page>
    );
  }
  const current = user.data;
  // Issue 8 §1: names and password belong to the account; the API refuses them for a shared account (409).
  const accountLocked = !current.canEditAccount;
  return (
    <Page titleKey="routes.edit-user">
      {accountLocked && (
        <Alert color="blue" variant="light" mb="md">
          {t('access.users.accountShared')}
        </Alert>
      )}
      <UserForm
        namesLocked={accountLocked}
        kind="edit"
        defaultValues={fromUser(current)}
        sites={sites.data ?? []}
        isLoading={update.isPending}
        errorMessage={error ? t(apiErrorKey(error, 'errors.generic', USER_ERRORS)) : null}
        submitLabel={t('access.save')}
        onSubmit={(values) =>
          update.mutate(
            accountLocked
              ? toRoles(values)
              : { firstName: values.firstName.trim(), lastName: values.lastName.trim(), ...toRoles(values) },
            { onSuccess: () => notify(t('access.users.updated')) },
          )
        }
        actions={
          <>
            {holds('User:ResetPassword') && !accountLocked && (
              <Button
                variant="default"
                loading={reset.isPending}
                onClick={() =>
                  reset.mutate(undefined, {
                    onSuccess: () => notify(t('access.users.passwordReset', { email: current.email })),
                  })
                }
              >
                {t('access.users.resetPassword')}
              </Button>
            )}
            {holds('User:RemoveUser') && (
              <RemoveUserButton
                email={current.email}
                isLoading={remove.isPending}
                errorMessage={
                  remove.error ? t(apiErrorKey(remove.error, 'errors.generic', USER_ERRORS)) : null
                }
                onConfirm={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => {
                      notify(t('access.users.removed', { email: current.email }));
                      void navigate(pathTo('users'));
                    },
                  })
                }
              />
            )}
          </>
        }
      />
    </Page>
  );
}
