import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Page } from '../../../components/page.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { useSites } from '../../../lib/merchant/sites.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { pathTo } from '../../../lib/paths.ts';
import { useInviteUser } from '../api/invite-user.ts';
import { UserForm } from '../components/user-form.tsx';
import { USER_ERRORS } from '../user-errors.ts';
import { EMPTY_USER_FORM, toRoles } from '../user-form-values.ts';

/** /users/add (User_InviteUser): the invitee gets a temporary password by e-mail. */
export default function AddUserScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const sites = useSites(merchantId);
  const invite = useInviteUser(merchantId);
  return (
    <Page titleKey="routes.add-user">
      {sites.isPending ? (
        <LoadingIndicator size="sm" label={t('access.loading')} />
      ) : (
        <UserForm
          kind="invite"
          defaultValues={EMPTY_USER_FORM}
          sites={sites.data ?? []}
          isLoading={invite.isPending}
          errorMessage={invite.error ? t(apiErrorKey(invite.error, 'errors.generic', USER_ERRORS)) : null}
          submitLabel={t('access.users.sendInvite')}
          onSubmit={(values) =>
            invite.mutate(
              {
                email: values.email.trim().toLowerCase(),
                firstName: values.firstName.trim(),
                lastName: values.lastName.trim(),
                ...toRoles(values),
              },
              {
                onSuccess: () => {
                  notify(t('access.users.invited', { email: values.email.trim().toLowerCase() }));
                  void navigate(pathTo('users'));
                },
              },
            )
          }
        />
      )}
    </Page>
  );
}
