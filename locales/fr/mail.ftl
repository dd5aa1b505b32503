# Courriels : objets, et les courtes lettres écrites sans modèle.

subject-tag = [Polysleuth partie { $id }, manche { $round }]
subject-welcome = [Polysleuth partie { $id }] bienvenue dans { $game }, { $name }
subject-gm-welcome = [Polysleuth partie { $id }] vous êtes le maître de jeu de { $game }
subject-gm-confirm = [Polysleuth partie { $id }] confirmez et lancez { $game }
subject-new-link = [Polysleuth partie { $id }] votre nouveau lien privé
subject-turn-accepted = tour accepté
subject-turn-errors = le tour a des ERREURS
subject-turn-withdrawn = tour retiré
subject-final-bulletin = [Polysleuth partie { $id }] dernier bulletin : la partie est terminée
subject-bulletin = [Polysleuth partie { $id }, manche { $round }] bulletin
subject-help = [Polysleuth] comment jouer par courriel
subject-status = { $tag } situation de { $name }
subject-refused = { $tag } votre courriel n’a pas été traité
subject-reminder = { $tag } rappel : pas encore de tour de votre part
subject-prefs = { $tag } langue et fuseau horaire
deadline-paused-mail = non fixée tant que la partie est en pause
mail-round-open-until = La manche { $round } est ouverte jusqu’au { $deadline }.
mail-round-closes = la manche { $round } se clôt le { $deadline }
mail-refused =
    Votre courriel n’a pas été traité : { $why }

    Rien n’a changé ; le tour envoyé avant, s’il y en a un, reste en vigueur.
    Répondez avec le mot aide pour savoir comment jouer par courriel.
mail-gm-confirm =
    Quelqu’un a demandé à ce service de créer la partie « { $game } » (partie { $id }) avec cette
    adresse comme maître de jeu. Rien n’a encore été envoyé à ses joueurs.

    Si c’était vous, ouvrez votre page de maître de jeu et appuyez sur « Lancer la partie » :
    chaque joueur reçoit alors son lien privé, et la manche 1 commence.
      { $link }

    Gardez ce lien pour vous. Si ce n’était pas vous, ignorez ce courriel : la partie ne
    commence jamais et personne ne reçoit rien.

    Page publique : { $public }
mail-prefs-saved =
    Bonjour { $name },

    désormais vos pages et courriels sont en français, et vos échéances en { $zone }.
mail-prefs-bad-language = « { $language } » n’est pas une langue de ce maître de jeu : écrivez « langue fr » ou « langue en ».
mail-prefs-bad-zone = « { $zone } » n’est pas un fuseau horaire : écrivez par exemple « fuseau Europe/Paris » ou « fuseau America/Montreal ».
subject-absence = [Polysleuth partie { $id }] votre absence
mail-observer-footer = {"\u000A"}Vous recevez les bulletins publics de cette partie comme observateur. Pour arrêter, ouvrez{"\u000A"}  { $stop }{"\u000A"}
refused-too-big = il fait { $kib } Kio ; un courriel au maître de jeu fait au plus 1024 Kio
refused-too-many-lines = il a { $lines } lignes de commandes ; au plus { $max } sont lues
refused-nothing = il ne contient ni ligne de tour ni commande
refused-nothing-but-text = il ne contient ni ligne de tour ni commande ({ $lines ->
    [one] { $lines } ligne
   *[other] { $lines } lignes
} d’autre texte ; une ligne de tour commence par son numéro, par exemple « 1: Ben a 2 diamant rouge »)
mail-footer-page = Votre page (c’est votre clé : gardez-la pour vous) : { $link }
mail-footer-rules = Comment jouer : { $link }
