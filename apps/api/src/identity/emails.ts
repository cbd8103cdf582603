import { DEFAULT_LOCALE, isLocale, type Locale } from '@mp/domain/locales';
import type { MailMessage } from '../adapters/mail/mail-port.ts';

/**
 * Every e-mail the user pool sends, in the four locales (SPEC §9). The forgot-password help texts for an
 * address without an account, or an account that cannot reset, go *in the e-mail*: only the owner of the
 * mailbox learns whether an account exists, and the HTTP answer is the same in every case.
 */
interface Texts {
  confirmSubject: string;
  confirmBody: (code: string) => string;
  resetSubject: string;
  resetBody: (code: string, link: string) => string;
  resetPendingInvitationNote: string;
  noAccountSubject: string;
  noAccountBody: (signInUrl: string) => string;
  cannotResetSubject: string;
  cannotResetBody: string;
  invitationSubject: string;
  invitationBody: (name: string, email: string, password: string, signInUrl: string) => string;
  membershipSubject: (companyName: string) => string;
  membershipBody: (v: MembershipInvitation & { greeting: string; expiry: string }) => string;
  signature: string;
}

const TEXTS: Record<Locale, Texts> = {
  'en-GB': {
    confirmSubject: 'Your verification code',
    confirmBody: (code) =>
      `Your verification code is ${code}.\n\nEnter it to confirm your email address. It expires in 24 hours.\nIf you did not sign up, you can ignore this email.`,
    resetSubject: 'Your password reset code',
    resetBody: (code, link) =>
      `Your password reset code is ${code}. It expires in 10 minutes.\n\nYou can also open this link to choose a new password:\n${link}\n\nIf you did not ask to reset your password, you can ignore this email; your password has not changed.`,
    resetPendingInvitationNote:
      'You have not signed in yet: the invitation email we sent you contains a temporary password. You can sign in with it instead, or reset your password with the code above.',
    noAccountSubject: 'Password reset requested',
    noAccountBody: (signInUrl) =>
      `Someone asked to reset the password for this email address, but there is no account for it.\n\nIf you were invited by your company, look for our invitation email: it contains a temporary password to sign in with at ${signInUrl}. Temporary passwords are valid for 7 days; if yours has expired or you cannot find the email, ask the person who invited you to invite you again.\n\nIf you did not ask for this, you can ignore this email.`,
    cannotResetSubject: 'Password reset not possible',
    cannotResetBody:
      'Someone asked to reset the password for this email address, but the account has been deactivated, so its password cannot be reset.\n\nIf you think this is a mistake, contact your company administrator or our support team.',
    invitationSubject: 'You have been invited to the merchant portal',
    invitationBody: (name, email, password, signInUrl) =>
      `Hello ${name},\n\nAn account has been created for you.\n\nSign in at ${signInUrl} with:\nEmail: ${email}\nTemporary password: ${password}\n\nYou will be asked to choose a new password. The temporary password is valid for 7 days; after that, use "Forgot password" on the sign-in page.`,
    membershipSubject: (company) => `${company} invited you to the merchant portal`,
    membershipBody: (v) =>
      `Hello ${v.greeting},\n\n${v.inviterEmail} invited you to join ${v.companyName} in the merchant portal.\n\nSign in with your usual email and password, then accept or decline the invitation at:\n${v.invitationsUrl}\n\nNothing changes until you accept. The invitation is valid until ${v.expiry} (7 days). If you do not know this company, decline it or ignore this email.`,
    signature: 'The merchant portal team',
  },
  'es-ES': {
    confirmSubject: 'Tu código de verificación',
    confirmBody: (code) =>
      `Tu código de verificación es ${code}.\n\nIntrodúcelo para confirmar tu dirección de correo electrónico. Caduca en 24 horas.\nSi no te has registrado, puedes ignorar este correo.`,
    resetSubject: 'Tu código para restablecer la contraseña',
    resetBody: (code, link) =>
      `Tu código para restablecer la contraseña es ${code}. Caduca en 10 minutos.\n\nTambién puedes abrir este enlace para elegir una nueva contraseña:\n${link}\n\nSi no has pedido restablecer tu contraseña, puedes ignorar este correo; tu contraseña no ha cambiado.`,
    resetPendingInvitationNote:
      'Todavía no has iniciado sesión: el correo de invitación que te enviamos contiene una contraseña temporal. Puedes iniciar sesión con ella o restablecer tu contraseña con el código anterior.',
    noAccountSubject: 'Solicitud de restablecimiento de contraseña',
    noAccountBody: (signInUrl) =>
      `Alguien ha pedido restablecer la contraseña de esta dirección de correo, pero no existe ninguna cuenta con ella.\n\nSi tu empresa te ha invitado, busca nuestro correo de invitación: contiene una contraseña temporal para iniciar sesión en ${signInUrl}. Las contraseñas temporales son válidas durante 7 días; si la tuya ha caducado o no encuentras el correo, pide a quien te invitó que te invite de nuevo.\n\nSi no lo has pedido tú, puedes ignorar este correo.`,
    cannotResetSubject: 'No es posible restablecer la contraseña',
    cannotResetBody:
      'Alguien ha pedido restablecer la contraseña de esta dirección de correo, pero la cuenta está desactivada y su contraseña no se puede restablecer.\n\nSi crees que se trata de un error, ponte en contacto con el administrador de tu empresa o con nuestro equipo de soporte.',
    invitationSubject: 'Te han invitado al portal de comercios',
    invitationBody: (name, email, password, signInUrl) =>
      `Hola, ${name}:\n\nSe ha creado una cuenta para ti.\n\nInicia sesión en ${signInUrl} con:\nCorreo electrónico: ${email}\nContraseña temporal: ${password}\n\nSe te pedirá que elijas una nueva contraseña. La contraseña temporal es válida durante 7 días; después, usa «¿Has olvidado tu contraseña?» en la página de inicio de sesión.`,
    membershipSubject: (company) => `${company} te ha invitado al portal de comercios`,
    membershipBody: (v) =>
      `Hola, ${v.greeting}:\n\n${v.inviterEmail} te ha invitado a unirte a ${v.companyName} en el portal de comercios.\n\nInicia sesión con tu correo electrónico y contraseña habituales y acepta o rechaza la invitación en:\n${v.invitationsUrl}\n\nNada cambia hasta que la aceptes. La invitación es válida hasta el ${v.expiry} (7 días). Si no conoces esta empresa, recházala o ignora este correo.`,
    signature: 'El equipo del portal de comercios',
  },
  'fr-FR': {
    confirmSubject: 'Votre code de vérification',
    confirmBody: (code) =>
      `Votre code de vérification est ${code}.\n\nSaisissez-le pour confirmer votre adresse e-mail. Il expire dans 24 heures.\nSi vous ne vous êtes pas inscrit, vous pouvez ignorer cet e-mail.`,
    resetSubject: 'Votre code de réinitialisation du mot de passe',
    resetBody: (code, link) =>
      `Votre code de réinitialisation du mot de passe est ${code}. Il expire dans 10 minutes.\n\nVous pouvez aussi ouvrir ce lien pour choisir un nouveau mot de passe :\n${link}\n\nSi vous n'avez pas demandé à réinitialiser votre mot de passe, ignorez cet e-mail ; votre mot de passe n'a pas changé.`,
    resetPendingInvitationNote:
      "Vous ne vous êtes pas encore connecté : l'e-mail d'invitation que nous vous avons envoyé contient un mot de passe temporaire. Vous pouvez vous connecter avec celui-ci, ou réinitialiser votre mot de passe avec le code ci-dessus.",
    noAccountSubject: 'Demande de réinitialisation du mot de passe',
    noAccountBody: (signInUrl) =>
      `Quelqu'un a demandé à réinitialiser le mot de passe de cette adresse e-mail, mais aucun compte n'y est associé.\n\nSi votre entreprise vous a invité, cherchez notre e-mail d'invitation : il contient un mot de passe temporaire pour vous connecter sur ${signInUrl}. Les mots de passe temporaires sont valables 7 jours ; si le vôtre a expiré ou si vous ne trouvez pas l'e-mail, demandez à la personne qui vous a invité de vous inviter à nouveau.\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.`,
    cannotResetSubject: 'Réinitialisation du mot de passe impossible',
    cannotResetBody:
      "Quelqu'un a demandé à réinitialiser le mot de passe de cette adresse e-mail, mais le compte a été désactivé : son mot de passe ne peut pas être réinitialisé.\n\nSi vous pensez qu'il s'agit d'une erreur, contactez l'administrateur de votre entreprise ou notre équipe d'assistance.",
    invitationSubject: 'Vous êtes invité sur le portail marchand',
    invitationBody: (name, email, password, signInUrl) =>
      `Bonjour ${name},\n\nUn compte a été créé pour vous.\n\nConnectez-vous sur ${signInUrl} avec :\nE-mail : ${email}\nMot de passe temporaire : ${password}\n\nVous devrez choisir un nouveau mot de passe. Le mot de passe temporaire est valable 7 jours ; ensuite, utilisez « Mot de passe oublié » sur la page de connexion.`,
    membershipSubject: (company) => `${company} vous invite sur le portail marchand`,
    membershipBody: (v) =>
      `Bonjour ${v.greeting},\n\n${v.inviterEmail} vous invite à rejoindre ${v.companyName} sur le portail marchand.\n\nConnectez-vous avec votre e-mail et votre mot de passe habituels, puis acceptez ou refusez l'invitation ici :\n${v.invitationsUrl}\n\nRien ne change tant que vous n'acceptez pas. L'invitation est valable jusqu'au ${v.expiry} (7 jours). Si vous ne connaissez pas cette entreprise, refusez-la ou ignorez cet e-mail.`,
    signature: "L'équipe du portail marchand",
  },
  'it-IT': {
    confirmSubject: 'Il tuo codice di verifica',
    confirmBody: (code) =>
      `Il tuo codice di verifica è ${code}.\n\nInseriscilo per confermare il tuo indirizzo email. Scade tra 24 ore.\nSe non ti sei registrato, puoi ignorare questa email.`,
    resetSubject: 'Il tuo codice per reimpostare la password',
    resetBody: (code, link) =>
      `Il tuo codice per reimpostare la password è ${code}. Scade tra 10 minuti.\n\nPuoi anche aprire questo link per scegliere una nuova password:\n${link}\n\nSe non hai chiesto di reimpostare la password, ignora questa email; la tua password non è cambiata.`,
    resetPendingInvitationNote:
      "Non hai ancora effettuato l'accesso: l'email di invito che ti abbiamo inviato contiene una password temporanea. Puoi accedere con quella oppure reimpostare la password con il codice qui sopra.",
    noAccountSubject: 'Richiesta di reimpostazione della password',
    noAccountBody: (signInUrl) =>
      `Qualcuno ha chiesto di reimpostare la password per questo indirizzo email, ma non esiste alcun account associato.\n\nSe la tua azienda ti ha invitato, cerca la nostra email di invito: contiene una password temporanea per accedere su ${signInUrl}. Le password temporanee sono valide 7 giorni; se la tua è scaduta o non trovi l'email, chiedi a chi ti ha invitato di invitarti di nuovo.\n\nSe non hai fatto tu questa richiesta, ignora questa email.`,
    cannotResetSubject: 'Impossibile reimpostare la password',
    cannotResetBody:
      "Qualcuno ha chiesto di reimpostare la password per questo indirizzo email, ma l'account è stato disattivato e la sua password non può essere reimpostata.\n\nSe pensi che si tratti di un errore, contatta l'amministratore della tua azienda o il nostro team di assistenza.",
    invitationSubject: 'Sei stato invitato al portale esercenti',
    invitationBody: (name, email, password, signInUrl) =>
      `Ciao ${name},\n\nÈ stato creato un account per te.\n\nAccedi su ${signInUrl} con:\nEmail: ${email}\nPassword temporanea: ${password}\n\nTi verrà chiesto di scegliere una nuova password. La password temporanea è valida 7 giorni; dopo, usa "Password dimenticata" nella pagina di accesso.`,
    membershipSubject: (company) => `${company} ti ha invitato al portale esercenti`,
    membershipBody: (v) =>
      `Ciao ${v.greeting},\n\n${v.inviterEmail} ti ha invitato a unirti a ${v.companyName} nel portale esercenti.\n\nAccedi con la tua solita email e password, poi accetta o rifiuta l'invito qui:\n${v.invitationsUrl}\n\nNulla cambia finché non accetti. L'invito è valido fino al ${v.expiry} (7 giorni). Se non conosci questa azienda, rifiuta l'invito o ignora questa email.`,
    signature: 'Il team del portale esercenti',
  },
};

/** What the e-mail to an existing account invited to a company says (issue 8 §1). */
export interface MembershipInvitation {
  companyName: string;
  inviterEmail: string;
  invitationsUrl: string;
}

/** Issue 8 §1: never "Hello ,": the person's first name when known, else their address. */
export function greetingName(name: string | null | undefined, email: string): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : email;
}

function textsFor(locale: string | undefined): { locale: Locale; texts: Texts } {
  const chosen = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return { locale: chosen, texts: TEXTS[chosen] };
}

function message(to: string, kind: string, locale: Locale, subject: string, body: string): MailMessage {
  return { to, kind, locale, subject, text: `${body}\n\n${TEXTS[locale].signature}\n` };
}

export function confirmationCodeEmail(to: string, locale: string, code: string): MailMessage {
  const { locale: l, texts } = textsFor(locale);
  return message(to, 'confirm_sign_up', l, texts.confirmSubject, texts.confirmBody(code));
}

/** `resetUrl` is the portal's `/forgot?t=forgot&e=…&c=…` (SPEC §2.4 opens step 2 prefilled). */
export function resetCodeEmail(
  to: string,
  locale: string,
  code: string,
  resetUrl: string,
  pendingInvitation: boolean,
): MailMessage {
  const { locale: l, texts } = textsFor(locale);
  const body = texts.resetBody(code, resetUrl);
  return message(
    to,
    'reset_password',
    l,
    texts.resetSubject,
    pendingInvitation ? `${body}\n\n${texts.resetPendingInvitationNote}` : body,
  );
}

export function resetNoAccountEmail(to: string, locale: string, signInUrl: string): MailMessage {
  const { locale: l, texts } = textsFor(locale);
  return message(to, 'reset_password_no_account', l, texts.noAccountSubject, texts.noAccountBody(signInUrl));
}

export function resetNotAllowedEmail(to: string, locale: string): MailMessage {
  const { locale: l, texts } = textsFor(locale);
  return message(to, 'reset_password_not_allowed', l, texts.cannotResetSubject, texts.cannotResetBody);
}

export function invitationEmail(
  to: string,
  locale: string,
  name: string,
  temporaryPassword: string,
  signInUrl: string,
): MailMessage {
  const { locale: l, texts } = textsFor(locale);
  return message(
    to,
    'temporary_password',
    l,
    texts.invitationSubject,
    texts.invitationBody(greetingName(name, to), to, temporaryPassword, signInUrl),
  );
}

/** To an existing account invited to a company: accept or decline in the portal; nothing changes before. */
export function membershipInvitationEmail(
  to: string,
  locale: string,
  invitation: MembershipInvitation & { name: string | null; expiresAt: Date },
): MailMessage {
  const { locale: l, texts } = textsFor(locale);
  // The expiry as a date in the reader's language, in UTC (the invitee's time zone is not known).
  const expiry = new Intl.DateTimeFormat(l, { dateStyle: 'long', timeZone: 'UTC' }).format(
    invitation.expiresAt,
  );
  return message(
    to,
    'membership_invitation',
    l,
    texts.membershipSubject(invitation.companyName),
    texts.membershipBody({ ...invitation, greeting: greetingName(invitation.name, to), expiry }),
  );
}

type FactorChange = 'totp_added' | 'totp_removed';

const FACTOR_TEXTS: Record<Locale, Record<FactorChange, { subject: string; body: string }>> = {
  'en-GB': {
    totp_added: {
      subject: 'Two-factor sign-in turned on',
      body: 'An authenticator app was set up for two-factor sign-in to your account.\n\nIf this was not you, reset your password now and contact your company administrator.',
    },
    totp_removed: {
      subject: 'Two-factor sign-in turned off',
      body: 'The authenticator app was removed from your account: signing in now needs only your password.\n\nIf this was not you, reset your password now and contact your company administrator.',
    },
  },
  'es-ES': {
    totp_added: {
      subject: 'Verificación en dos pasos activada',
      body: 'Se ha configurado una aplicación de autenticación para iniciar sesión en tu cuenta en dos pasos.\n\nSi no has sido tú, restablece tu contraseña ahora y contacta con el administrador de tu empresa.',
    },
    totp_removed: {
      subject: 'Verificación en dos pasos desactivada',
      body: 'Se ha quitado la aplicación de autenticación de tu cuenta: ahora para iniciar sesión solo se necesita tu contraseña.\n\nSi no has sido tú, restablece tu contraseña ahora y contacta con el administrador de tu empresa.',
    },
  },
  'fr-FR': {
    totp_added: {
      subject: 'Connexion en deux étapes activée',
      body: "Une application d'authentification a été configurée pour la connexion en deux étapes à votre compte.\n\nSi ce n'était pas vous, réinitialisez votre mot de passe maintenant et contactez l'administrateur de votre entreprise.",
    },
    totp_removed: {
      subject: 'Connexion en deux étapes désactivée',
      body: "L'application d'authentification a été retirée de votre compte : la connexion ne demande plus que votre mot de passe.\n\nSi ce n'était pas vous, réinitialisez votre mot de passe maintenant et contactez l'administrateur de votre entreprise.",
    },
  },
  'it-IT': {
    totp_added: {
      subject: 'Accesso in due passaggi attivato',
      body: "È stata configurata un'app di autenticazione per l'accesso in due passaggi al tuo account.\n\nSe non sei stato tu, reimposta subito la password e contatta l'amministratore della tua azienda.",
    },
    totp_removed: {
      subject: 'Accesso in due passaggi disattivato',
      body: "L'app di autenticazione è stata rimossa dal tuo account: ora per accedere basta la password.\n\nSe non sei stato tu, reimposta subito la password e contatta l'amministratore della tua azienda.",
    },
  },
};

/** Issue 15: every set-up and removal of a second factor is e-mailed to the user. */
export function factorChangeEmail(to: string, locale: string, change: FactorChange): MailMessage {
  const { locale: l } = textsFor(locale);
  const texts = FACTOR_TEXTS[l][change];
  return message(to, change, l, texts.subject, texts.body);
}

type PasskeyChange = 'passkey_added' | 'passkey_removed';

const PASSKEY_TEXTS: Record<
  Locale,
  Record<PasskeyChange, { subject: string; body: (name: string) => string }>
> = {
  'en-GB': {
    passkey_added: {
      subject: 'Passkey added',
      body: (name) =>
        `A passkey named "${name}" was added to your account. It can be used as a second factor and to sign in without your password.\n\nIf this was not you, reset your password now and contact your company administrator.`,
    },
    passkey_removed: {
      subject: 'Passkey removed',
      body: (name) =>
        `The passkey named "${name}" was removed from your account and can no longer be used to sign in.\n\nIf this was not you, reset your password now and contact your company administrator.`,
    },
  },
  'es-ES': {
    passkey_added: {
      subject: 'Llave de acceso añadida',
      body: (name) =>
        `Se ha añadido a tu cuenta una llave de acceso llamada «${name}». Puede usarse como segundo paso y para iniciar sesión sin contraseña.\n\nSi no has sido tú, restablece tu contraseña ahora y contacta con el administrador de tu empresa.`,
    },
    passkey_removed: {
      subject: 'Llave de acceso eliminada',
      body: (name) =>
        `Se ha quitado de tu cuenta la llave de acceso llamada «${name}»; ya no sirve para iniciar sesión.\n\nSi no has sido tú, restablece tu contraseña ahora y contacta con el administrador de tu empresa.`,
    },
  },
  'fr-FR': {
    passkey_added: {
      subject: "Clé d'accès ajoutée",
      body: (name) =>
        `Une clé d'accès nommée « ${name} » a été ajoutée à votre compte. Elle peut servir de deuxième étape et pour vous connecter sans mot de passe.\n\nSi ce n'était pas vous, réinitialisez votre mot de passe maintenant et contactez l'administrateur de votre entreprise.`,
    },
    passkey_removed: {
      subject: "Clé d'accès supprimée",
      body: (name) =>
        `La clé d'accès nommée « ${name} » a été retirée de votre compte et ne permet plus de vous connecter.\n\nSi ce n'était pas vous, réinitialisez votre mot de passe maintenant et contactez l'administrateur de votre entreprise.`,
    },
  },
  'it-IT': {
    passkey_added: {
      subject: 'Passkey aggiunta',
      body: (name) =>
        `Al tuo account è stata aggiunta una passkey chiamata "${name}". Può essere usata come secondo passaggio e per accedere senza password.\n\nSe non sei stato tu, reimposta subito la password e contatta l'amministratore della tua azienda.`,
    },
    passkey_removed: {
      subject: 'Passkey rimossa',
      body: (name) =>
        `La passkey chiamata "${name}" è stata rimossa dal tuo account e non può più essere usata per accedere.\n\nSe non sei stato tu, reimposta subito la password e contatta l'amministratore della tua azienda.`,
    },
  },
};

/** Issue 15: a passkey's set-up and removal are e-mailed too, with the name the user gave it. */
export function passkeyChangeEmail(
  to: string,
  locale: string,
  change: PasskeyChange,
  name: string,
): MailMessage {
  const { locale: l } = textsFor(locale);
  const texts = PASSKEY_TEXTS[l][change];
  return message(to, change, l, texts.subject, texts.body(name));
}
