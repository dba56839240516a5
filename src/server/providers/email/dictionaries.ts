/**
 * The words of the account emails, for the languages that have a dictionary (spec: en, es, fr,
 * de). `{name}`, `{code}`, `{minutes}`, `{link}` and `{appUrl}` are filled in by the templates.
 */
export const EMAIL_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

export interface EmailDictionary {
  greeting: string;
  signature: string;
  footer: string;
  verification: { subject: string; intro: string; codeLabel: string; expiry: string; ignore: string };
  passwordReset: { subject: string; intro: string; button: string; expiry: string; ignore: string };
  registrationAttempt: { subject: string; intro: string; ifYou: string; signIn: string; ifNotYou: string };
  passwordChanged: { subject: string; intro: string; sessions: string; ifNotYou: string };
  emailChangeCode: { subject: string; intro: string; codeLabel: string; expiry: string; ignore: string };
  emailChanged: { subject: string; intro: string; ifNotYou: string };
  accountDeleted: { subject: string; intro: string; kept: string; goodbye: string };
  trialEnding: { subject: string; intro: string; keep: string; button: string };
  trialExpired: { subject: string; intro: string; keep: string; button: string };
}

export const EMAIL_DICTIONARIES: Record<EmailLanguage, EmailDictionary> = {
  en: {
    greeting: 'Hello {name},',
    signature: 'The Lexwatch team',
    footer:
      'You are receiving this email because of an action on your Lexwatch account. It is a security message, so it has no unsubscribe link.',
    verification: {
      subject: 'Your Lexwatch verification code',
      intro: 'Use this code to finish creating your Lexwatch account:',
      codeLabel: 'Verification code',
      expiry: 'The code expires in {minutes} minutes.',
      ignore: 'If you did not sign up for Lexwatch, you can ignore this email.',
    },
    passwordReset: {
      subject: 'Reset your Lexwatch password',
      intro:
        'We received a request to reset the password of your Lexwatch account. Choose a new password here:',
      button: 'Reset password',
      expiry: 'The link can be used once and expires in {minutes} minutes.',
      ignore: 'If you did not ask for this, you can ignore this email; your password stays as it is.',
    },
    registrationAttempt: {
      subject: 'Someone tried to sign up with your email address',
      intro:
        'Someone, perhaps you, tried to create a new Lexwatch account with this email address. You already have an account, so no new one was created.',
      ifYou: 'If it was you, sign in here (you can reset your password from the sign-in page):',
      signIn: 'Sign in',
      ifNotYou: 'If it was not you, you can ignore this email; your account has not changed.',
    },
    passwordChanged: {
      subject: 'Your Lexwatch password was changed',
      intro: 'The password of your Lexwatch account has just been changed.',
      sessions: 'For your safety, every device that was signed in has been signed out.',
      ifNotYou: 'If you did not do this, reset your password now at {link} and contact us.',
    },
    emailChangeCode: {
      subject: 'Confirm your new Lexwatch email address',
      intro: 'Use this code to confirm {email} as the email address of your Lexwatch account:',
      codeLabel: 'Confirmation code',
      expiry: 'The code expires in {minutes} minutes.',
      ignore: 'If you did not ask for this, you can ignore this email; nothing changes.',
    },
    emailChanged: {
      subject: 'The email address of your Lexwatch account is changing',
      intro:
        'Someone signed in to your Lexwatch account asked to change its email address to {email}. It changes once the code sent there is entered.',
      ifNotYou: 'If this was not you, reset your password now at {link} and contact us.',
    },
    accountDeleted: {
      subject: 'Your Lexwatch account has been deleted',
      intro: 'Your Lexwatch account and the personal data it held have been deleted, as you asked.',
      kept: 'Payment records are kept for 7 years, as the law requires and our privacy policy says.',
      goodbye: 'Thank you for using Lexwatch. You are welcome back at any time.',
    },
    trialEnding: {
      subject: 'Your Lexwatch trial ends on {date}',
      intro: 'Your free trial of Lexwatch ends on {date}.',
      keep: 'Choose Basic or Premium to keep your alerts running. Your account and data stay either way.',
      button: 'See plans',
    },
    trialExpired: {
      subject: 'Your Lexwatch trial has ended',
      intro:
        'Your free trial of Lexwatch has ended. Your account and data are kept, read-only, until you choose a plan.',
      keep: 'If you do not subscribe, your personal data is deleted 180 days from now, as our privacy policy says.',
      button: 'Choose a plan',
    },
  },
  es: {
    greeting: 'Hola {name}:',
    signature: 'El equipo de Lexwatch',
    footer:
      'Recibe este correo por una acción en su cuenta de Lexwatch. Es un mensaje de seguridad, por eso no incluye enlace para darse de baja.',
    verification: {
      subject: 'Su código de verificación de Lexwatch',
      intro: 'Use este código para terminar de crear su cuenta de Lexwatch:',
      codeLabel: 'Código de verificación',
      expiry: 'El código caduca en {minutes} minutos.',
      ignore: 'Si no se ha registrado en Lexwatch, puede ignorar este correo.',
    },
    passwordReset: {
      subject: 'Restablezca su contraseña de Lexwatch',
      intro:
        'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de Lexwatch. Elija una nueva aquí:',
      button: 'Restablecer contraseña',
      expiry: 'El enlace se puede usar una vez y caduca en {minutes} minutos.',
      ignore: 'Si no lo ha solicitado, ignore este correo; su contraseña no cambia.',
    },
    registrationAttempt: {
      subject: 'Alguien intentó registrarse con su dirección de correo',
      intro:
        'Alguien, quizá usted, intentó crear una nueva cuenta de Lexwatch con esta dirección. Ya tiene una cuenta, así que no se ha creado ninguna nueva.',
      ifYou: 'Si fue usted, inicie sesión aquí (puede restablecer su contraseña desde esa página):',
      signIn: 'Iniciar sesión',
      ifNotYou: 'Si no fue usted, ignore este correo; su cuenta no ha cambiado.',
    },
    passwordChanged: {
      subject: 'Se ha cambiado su contraseña de Lexwatch',
      intro: 'Se acaba de cambiar la contraseña de su cuenta de Lexwatch.',
      sessions: 'Por seguridad, se ha cerrado la sesión en todos los dispositivos.',
      ifNotYou: 'Si no ha sido usted, restablezca su contraseña ahora en {link} y contáctenos.',
    },
    emailChangeCode: {
      subject: 'Confirme su nueva dirección de correo de Lexwatch',
      intro: 'Use este código para confirmar {email} como dirección de correo de su cuenta de Lexwatch:',
      codeLabel: 'Código de confirmación',
      expiry: 'El código caduca en {minutes} minutos.',
      ignore: 'Si no lo ha solicitado, puede ignorar este correo; no cambiará nada.',
    },
    emailChanged: {
      subject: 'La dirección de correo de su cuenta de Lexwatch va a cambiar',
      intro:
        'Alguien con sesión iniciada en su cuenta de Lexwatch ha pedido cambiar su correo a {email}. El cambio se hará cuando se introduzca el código enviado allí.',
      ifNotYou: 'Si no ha sido usted, restablezca su contraseña ahora en {link} y contáctenos.',
    },
    accountDeleted: {
      subject: 'Su cuenta de Lexwatch se ha eliminado',
      intro: 'Su cuenta de Lexwatch y los datos personales que contenía se han eliminado, como pidió.',
      kept: 'Los registros de pago se conservan 7 años, como exige la ley y explica nuestra política de privacidad.',
      goodbye: 'Gracias por usar Lexwatch. Puede volver cuando quiera.',
    },
    trialEnding: {
      subject: 'Su prueba de Lexwatch termina el {date}',
      intro: 'Su prueba gratuita de Lexwatch termina el {date}.',
      keep: 'Elija Basic o Premium para mantener sus alertas. Su cuenta y sus datos se conservan en cualquier caso.',
      button: 'Ver planes',
    },
    trialExpired: {
      subject: 'Su prueba de Lexwatch ha terminado',
      intro:
        'Su prueba gratuita de Lexwatch ha terminado. Su cuenta y sus datos se conservan, en modo de solo lectura, hasta que elija un plan.',
      keep: 'Si no se suscribe, sus datos personales se eliminarán dentro de 180 días, como indica nuestra política de privacidad.',
      button: 'Elegir un plan',
    },
  },
  fr: {
    greeting: 'Bonjour {name},',
    signature: "L'équipe Lexwatch",
    footer:
      "Vous recevez cet e-mail à la suite d'une action sur votre compte Lexwatch. C'est un message de sécurité : il n'a pas de lien de désinscription.",
    verification: {
      subject: 'Votre code de vérification Lexwatch',
      intro: 'Utilisez ce code pour terminer la création de votre compte Lexwatch :',
      codeLabel: 'Code de vérification',
      expiry: 'Le code expire dans {minutes} minutes.',
      ignore: 'Si vous ne vous êtes pas inscrit sur Lexwatch, ignorez cet e-mail.',
    },
    passwordReset: {
      subject: 'Réinitialisez votre mot de passe Lexwatch',
      intro:
        'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Lexwatch. Choisissez un nouveau mot de passe ici :',
      button: 'Réinitialiser le mot de passe',
      expiry: "Le lien n'est utilisable qu'une fois et expire dans {minutes} minutes.",
      ignore:
        "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail ; votre mot de passe reste inchangé.",
    },
    registrationAttempt: {
      subject: "Quelqu'un a tenté de s'inscrire avec votre adresse e-mail",
      intro:
        "Quelqu'un, peut-être vous, a tenté de créer un compte Lexwatch avec cette adresse. Vous avez déjà un compte : aucun nouveau compte n'a été créé.",
      ifYou:
        "Si c'était vous, connectez-vous ici (la page de connexion permet aussi de réinitialiser le mot de passe) :",
      signIn: 'Se connecter',
      ifNotYou: "Si ce n'était pas vous, ignorez cet e-mail ; votre compte n'a pas changé.",
    },
    passwordChanged: {
      subject: 'Votre mot de passe Lexwatch a été modifié',
      intro: 'Le mot de passe de votre compte Lexwatch vient d’être modifié.',
      sessions: 'Par sécurité, tous les appareils connectés ont été déconnectés.',
      ifNotYou:
        "Si ce n'était pas vous, réinitialisez votre mot de passe maintenant sur {link} et contactez-nous.",
    },
    emailChangeCode: {
      subject: 'Confirmez votre nouvelle adresse e-mail Lexwatch',
      intro: 'Utilisez ce code pour confirmer {email} comme adresse e-mail de votre compte Lexwatch :',
      codeLabel: 'Code de confirmation',
      expiry: 'Le code expire dans {minutes} minutes.',
      ignore: "Si vous n'avez rien demandé, ignorez cet e-mail ; rien ne change.",
    },
    emailChanged: {
      subject: "L'adresse e-mail de votre compte Lexwatch va changer",
      intro:
        'Une personne connectée à votre compte Lexwatch a demandé à remplacer son adresse e-mail par {email}. Le changement aura lieu une fois le code envoyé à cette adresse saisi.',
      ifNotYou:
        "Si ce n'était pas vous, réinitialisez votre mot de passe maintenant sur {link} et contactez-nous.",
    },
    accountDeleted: {
      subject: 'Votre compte Lexwatch a été supprimé',
      intro:
        'Votre compte Lexwatch et les données personnelles qu’il contenait ont été supprimés, comme vous l’avez demandé.',
      kept: 'Les justificatifs de paiement sont conservés 7 ans, comme la loi l’exige et comme l’indique notre politique de confidentialité.',
      goodbye: 'Merci d’avoir utilisé Lexwatch. Vous serez toujours le bienvenu.',
    },
    trialEnding: {
      subject: 'Votre essai Lexwatch se termine le {date}',
      intro: 'Votre essai gratuit de Lexwatch se termine le {date}.',
      keep: 'Choisissez Basic ou Premium pour garder vos alertes. Votre compte et vos données sont conservés dans tous les cas.',
      button: 'Voir les offres',
    },
    trialExpired: {
      subject: 'Votre essai Lexwatch est terminé',
      intro:
        'Votre essai gratuit de Lexwatch est terminé. Votre compte et vos données sont conservés, en lecture seule, jusqu’à ce que vous choisissiez une offre.',
      keep: 'Sans abonnement, vos données personnelles seront supprimées dans 180 jours, comme le prévoit notre politique de confidentialité.',
      button: 'Choisir une offre',
    },
  },
  de: {
    greeting: 'Hallo {name},',
    signature: 'Ihr Lexwatch-Team',
    footer:
      'Sie erhalten diese E-Mail wegen einer Aktion in Ihrem Lexwatch-Konto. Es ist eine Sicherheitsnachricht und hat daher keinen Abmeldelink.',
    verification: {
      subject: 'Ihr Lexwatch-Bestätigungscode',
      intro: 'Mit diesem Code schließen Sie die Erstellung Ihres Lexwatch-Kontos ab:',
      codeLabel: 'Bestätigungscode',
      expiry: 'Der Code läuft in {minutes} Minuten ab.',
      ignore: 'Wenn Sie sich nicht bei Lexwatch registriert haben, können Sie diese E-Mail ignorieren.',
    },
    passwordReset: {
      subject: 'Setzen Sie Ihr Lexwatch-Passwort zurück',
      intro:
        'Wir haben eine Anfrage erhalten, das Passwort Ihres Lexwatch-Kontos zurückzusetzen. Wählen Sie hier ein neues Passwort:',
      button: 'Passwort zurücksetzen',
      expiry: 'Der Link kann einmal verwendet werden und läuft in {minutes} Minuten ab.',
      ignore:
        'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    },
    registrationAttempt: {
      subject: 'Jemand hat versucht, sich mit Ihrer E-Mail-Adresse zu registrieren',
      intro:
        'Jemand, vielleicht Sie, hat versucht, mit dieser Adresse ein neues Lexwatch-Konto anzulegen. Sie haben bereits ein Konto, daher wurde kein neues erstellt.',
      ifYou: 'Wenn Sie es waren, melden Sie sich hier an (dort können Sie auch Ihr Passwort zurücksetzen):',
      signIn: 'Anmelden',
      ifNotYou: 'Wenn Sie es nicht waren, ignorieren Sie diese E-Mail; Ihr Konto ist unverändert.',
    },
    passwordChanged: {
      subject: 'Ihr Lexwatch-Passwort wurde geändert',
      intro: 'Das Passwort Ihres Lexwatch-Kontos wurde soeben geändert.',
      sessions: 'Zu Ihrer Sicherheit wurden alle angemeldeten Geräte abgemeldet.',
      ifNotYou:
        'Wenn Sie das nicht waren, setzen Sie Ihr Passwort jetzt unter {link} zurück und kontaktieren Sie uns.',
    },
    emailChangeCode: {
      subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse bei Lexwatch',
      intro: 'Mit diesem Code bestätigen Sie {email} als E-Mail-Adresse Ihres Lexwatch-Kontos:',
      codeLabel: 'Bestätigungscode',
      expiry: 'Der Code läuft in {minutes} Minuten ab.',
      ignore:
        'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; es ändert sich nichts.',
    },
    emailChanged: {
      subject: 'Die E-Mail-Adresse Ihres Lexwatch-Kontos wird geändert',
      intro:
        'Jemand, der in Ihrem Lexwatch-Konto angemeldet ist, hat die Änderung der E-Mail-Adresse auf {email} beantragt. Sie wird geändert, sobald der dorthin gesendete Code eingegeben wurde.',
      ifNotYou:
        'Wenn Sie das nicht waren, setzen Sie Ihr Passwort jetzt unter {link} zurück und kontaktieren Sie uns.',
    },
    accountDeleted: {
      subject: 'Ihr Lexwatch-Konto wurde gelöscht',
      intro:
        'Ihr Lexwatch-Konto und die darin gespeicherten personenbezogenen Daten wurden wie gewünscht gelöscht.',
      kept: 'Zahlungsbelege werden 7 Jahre aufbewahrt, wie gesetzlich vorgeschrieben und in unserer Datenschutzerklärung beschrieben.',
      goodbye: 'Danke, dass Sie Lexwatch genutzt haben. Sie sind jederzeit wieder willkommen.',
    },
    trialEnding: {
      subject: 'Ihre Lexwatch-Testphase endet am {date}',
      intro: 'Ihre kostenlose Testphase bei Lexwatch endet am {date}.',
      keep: 'Wählen Sie Basic oder Premium, damit Ihre Benachrichtigungen weiterlaufen. Ihr Konto und Ihre Daten bleiben in jedem Fall erhalten.',
      button: 'Tarife ansehen',
    },
    trialExpired: {
      subject: 'Ihre Lexwatch-Testphase ist beendet',
      intro:
        'Ihre kostenlose Testphase bei Lexwatch ist beendet. Ihr Konto und Ihre Daten bleiben schreibgeschützt erhalten, bis Sie einen Tarif wählen.',
      keep: 'Ohne Abonnement werden Ihre personenbezogenen Daten in 180 Tagen gelöscht, wie in unserer Datenschutzerklärung beschrieben.',
      button: 'Tarif wählen',
    },
  },
};
