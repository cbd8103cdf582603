import type { LocaleResources } from '../en-GB.ts';

export const invitationsFrFR: LocaleResources['invitations'] = {
  description:
    'Les entreprises qui vous ont invité sur leur portail. Acceptez pour les rejoindre, ou refusez.',
  loading: 'Chargement des invitations…',
  loadFailed: 'Impossible de charger vos invitations.',
  retry: 'Réessayer',
  errors: {
    closed: "Cette invitation n'est plus ouverte.",
    expired: "Cette invitation a expiré. Demandez à l'entreprise de vous inviter à nouveau.",
    alreadyMember: 'Vous êtes déjà membre de cette entreprise.',
  },
  emptyTitle: 'Aucune invitation',
  empty: "Vous n'avez aucune invitation en attente. Quand une entreprise vous invite, elle apparaît ici.",
  goHome: "Aller à l'accueil",
  invitedBy: 'Invité par {{email}}',
  role: 'Rôle : {{role}}',
  roles: {
    owner: "Propriétaire de l'entreprise",
    managerAllSites: 'Responsable de tous les sites',
    managerSites_one: 'Responsable de {{count, number}} site',
    managerSites_other: 'Responsable de {{count, number}} sites',
  },
  expires: 'Expire le',
  accept: 'Accepter',
  decline: 'Refuser',
  declineTitle: "Refuser l'invitation",
  declineConfirm: "Refuser l'invitation de {{merchant}} ? Ils pourront vous inviter à nouveau plus tard.",
  accepted: "Vous avez rejoint {{merchant}}. Passez-y depuis le sélecteur d'entreprise.",
  declined: 'Invitation de {{merchant}} refusée.',
  notice: {
    title_one: 'Vous avez {{count, number}} invitation en attente',
    title_other: 'Vous avez {{count, number}} invitations en attente',
    link_one: "Voir l'invitation",
    link_other: 'Voir les invitations',
  },
};
