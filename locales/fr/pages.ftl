# Pages : le site, la page publique d’une partie, la page du joueur, celle du maître de jeu.

site-title = Maître de jeu Polysleuth
nav-new-game = Nouvelle partie
nav-how-to-play = Comment jouer
back-to-games = Retour à la liste des parties
game = Partie
game-n = partie { $id }
name = Nom
email = Courriel
yes = oui
no = non
done = fini
none = aucun
none-sentence = Aucun.
none-yet = Aucun pour l’instant.
nobody = personne
right = juste
wrong = fausse
round = Manche
guess = Supposition
result = Résultat
status = État
player = Joueur
players = Joueurs
private-eyes = Détectives privés
sleuth-points = Points de Sleuth
standings = Classement
standings-colon = Classement (Détectives privés, points de Sleuth) :
guesses = Suppositions
guesses-colon = Suppositions :
answers = Réponses
answers-colon = Réponses :
bulletins = Bulletins
published-cards = Cartes publiées
published-cards-colon = Cartes publiées :
published-where = —
published-held-by = { $card } : chez { $owner }
published-in-safe = { $card } : dans le coffre
plain-text = texte brut
round-n = Manche { $round }
round-closes-at = La manche { $round } se clôt le
line-n = ligne { $line }
n-rounds = { $count ->
    [one] { $count } manche
   *[other] { $count } manches
}
your-email = Votre courriel
your-player-name = Votre nom de joueur
name-hint = lettres, chiffres, _ ou -
status-open = en cours
status-paused = en pause
status-over = terminée
status-forming = en formation
status-unconfirmed = en attente de son maître de jeu
deadline-over = la partie est terminée
deadline-paused = mise en pause par le maître de jeu
deadline-unconfirmed = pas commencée : elle commence quand le maître de jeu la lance
deadline-not-set = non fixée
level-novice = novice
level-detective = détective
level-master = maître
player-computer = { $name } (joueur ordinateur, { $level })
player-away = { $name } (absent jusqu’à la manche { $round } incluse)
setting-name = { $key ->
    [starting_eyes] Détectives privés au départ
    [income] Détectives privés gagnés à chaque manche
    [one_trait_markup] Ajouté à l’enchère d’une question à un trait
    [question_payment] Qui paie une question
    [safe_size] Cartes dans le coffre
    [hand_size] Cartes dans chaque main
    [max_rounds] Manches au plus dans la partie
    [idle_rounds] Manches sans tour avant qu’un joueur soit marqué « fini »
    [max_shared_pair] Cartes au plus d’une main qui partagent deux traits
    [assistant] L’assistant de la feuille d’information
    [max_absence] Plus longue absence qu’un joueur peut déclarer
    [auto_standby] Un remplaçant prend la place d’un joueur marqué « fini » pour inactivité
   *[other] { $key }
}
setting-none = aucun
setting-never = jamais
setting-no-restriction = sans restriction
setting-payment-winner = winner (seules les questions répondues sont payées)
setting-payment-all = all (toute question posée est payée)
setting-assistant-on = activé (la page de chaque joueur montre ce qu’il peut déduire, avec les probabilités)
setting-assistant-off = désactivé (la feuille de chaque joueur ne montre que ce qui lui a été dit)
setting-absence-none = aucune (nul ne peut déclarer d’absence)
setting-absence-rounds = { $rounds ->
    [one] 1 manche d’affilée
   *[other] { $rounds } manches d’affilée
}
setting-standby-on = activé (le premier remplaçant prend la place d’un joueur marqué « fini » pour inactivité)
setting-standby-off = désactivé

# Le bulletin.
bulletin-page-title = { $game }, manche { $round }
bulletin-heading = { $game } : bulletin de la manche { $round }
bulletin-text-title = POLYSLEUTH - partie { $id } « { $game } » - bulletin de la manche { $round }
closed-by = close par { $who }
closed-by-line = Close par : { $who }
closed-by-deadline = l’échéance
closed-by-all-ready = tous prêts
closed-by-game-master = le maître de jeu
turns-received-from = Tours reçus de :
bulletin-guess = { $player }, supposition { $number } :
bulletin-guess-text = { $player } supposition { $number } :
bulletin-answer = { $target } a { $count } (question de { $asker }, { $weight })
bulletin-answer-markup = { $target } a { $count } (question de { $asker }, { $weight } : mise { $bid } + { $markup } pour un seul élément)
bulletin-done-said = { $player } a fini et ne suppose plus.
bulletin-done-idle = { $player } n’a envoyé aucun tour pendant { $rounds } manches de suite et a fini.
bulletin-done-gm = Le maître de jeu a déclaré que { $player } a fini.
game-is-over = La partie est terminée.
game-is-over-caps = LA PARTIE EST TERMINÉE.
winners = { $count ->
    [one] Vainqueur :
   *[other] Vainqueurs (ex æquo) :
}

# La page publique d’une partie.
game-heading = partie { $id } · { $status }
atom-feed = Flux Atom des bulletins
follow-title = Suivre par courriel
standby-for-seat = Se proposer comme remplaçant
standby-offer = Me proposer
standby-hint = Si un joueur s’en va, le maître de jeu peut vous donner sa place : sa main, ses soldes, tout.
standby-title = Remplaçant
observe-title = Les bulletins par courriel
observe-confirm-message = Appuyez sur le bouton pour recevoir par courriel les bulletins publics de cette partie.
observe-confirm-button = M’envoyer les bulletins
unobserve-title = Arrêter les bulletins
unobserve-confirm-message = Appuyez sur le bouton pour ne plus recevoir par courriel les bulletins de cette partie.
unobserve-done-title = Arrêté
final-deal = La donne, telle qu’engagée
final-salt = Sel :
final-commitment = Engagement :
final-deal-caps = LA DONNE, telle qu'engagée au début :
final-salt-line = sel :
final-commitment-line = engagement :
final-check = Pour vérifier : enregistrez exactement le texte de la donne ci-dessus (chaque ligne finit par un saut de ligne), ajoutez-y le sel sans rien entre les deux, et calculez le SHA-256 :
final-check-2 = doit afficher l’engagement.
final-record-1 = Toute la partie — donne, graine, sel, chaque tour et chaque bulletin — est dans son
final-record-link = registre
final-record-2 = :
final-record-3 = vérifie l’engagement et rejoue chaque manche, et
final-record-4 = les affiche.
rules-title = Règles et règles maison
rules-players = Joueurs :
rules-sizes = Chaque main a { $hand } cartes ; le coffre en a { $safe }.
rules-commitment = Engagement de la donne (SHA-256) :
no-bulletin-yet = Aucune manche n’a encore été résolue.

# La page du joueur.
play-title = { $name } dans { $game }
play-in = dans
play-balance = Vous avez { $eyes } Détectives privés et { $points } points de Sleuth.
play-you-are-done = Vous avez fini et ne supposez plus.
play-your-hand = Votre main :
play-your-turn = Votre tour pour la manche { $round }
play-lines-to-fix = Ces lignes sont à corriger :
play-turn-label = Votre tour, une ligne par action
play-how-to-write = (comment écrire un tour)
play-turn-help = Le constructeur écrit les lignes ici ; vous pouvez aussi les taper :
example-guess = 1: Ben a 2 diamant rouge
example-safe = 2: l’opale bleue solitaire est dans le coffre
example-question = 1 (5): Ben a combien de rouges ?
play-send = Envoyer le tour
play-send-ready = Envoyer et déclarer prêt
play-withdraw = Retirer mon tour
play-send-done = Envoyer avec « fini »
play-away-for = Absent pendant
play-rounds = manches
play-declare-absence = Déclarer une absence
play-away-hint = Un tour vide est envoyé pour vous entre-temps, sans rappels ; 0 met fin à l’absence. La partie fixe la plus longue.
play-turn-in-force = Tour accepté en vigueur (version { $revision }) :
play-ready = prêt
play-no-turn-yet = Vous n’avez pas encore de tour accepté pour cette manche.
play-your-guesses = Vos suppositions
play-revealed = Cartes qui vous ont été montrées
own-guess = { $place } a { $card }
own-reveal = Manche { $round } : { $target } a { $traits } : { $cards }
prefs-title = Langue et fuseau horaire
prefs-language = Langue
prefs-time-zone = Fuseau horaire
prefs-save = Enregistrer
prefs-hint = Pages et courriels viennent dans cette langue ; les échéances dans ce fuseau horaire (comme Europe/Paris ou America/Montreal).
prefs-saved = Enregistré : pages et courriels en { $language }, échéances en { $zone }.
prefs-bad-zone = « { $zone } » n’est pas un fuseau horaire : utilisez un nom comme UTC, Europe/Paris ou America/Montreal.
prefs-bad-language = « { $language } » n’est pas une langue de ce maître de jeu : choisissez l’anglais ou le français.
builder-add-guess = Ajouter une supposition
builder-no-card-left = Il ne reste aucune carte que vous puissiez supposer.
builder-where = Où est-elle ?
builder-which-card = Quelle carte ?
builder-cards-offered = Seules les cartes que vous n’avez pas en main et n’avez pas encore supposées sont proposées.
builder-add-this-guess = Ajouter cette supposition
builder-add-question = Ajouter une question
builder-ask = Demander à
builder-how-many = combien de cartes avec
builder-one-trait = une caractéristique (+{ $markup } aux enchères)
builder-two-traits = deux caractéristiques (vous voyez aussi les cartes)
builder-bid = Enchère (Détectives privés)
builder-bids-1 = Ce tour enchérit
builder-bids-2 = de vos
builder-bids-3 = Détectives privés ; vous pouvez encore enchérir de
builder-bids-4 = au plus.
builder-add-this-question = Ajouter cette question
builder-choose-target = choisissez un autre joueur à interroger
builder-choose-traits = choisissez une caractéristique, ou deux de sortes différentes
builder-bad-bid = l’enchère « { $bid } » n’est pas un nombre entier de Détectives privés (0 ou plus)
builder-over-budget = vous avez { $eyes } Détectives privés et ce tour en enchérit déjà { $bids } : enchérissez au plus { $left }
builder-choose-place = choisissez où vous pensez qu’est la carte
builder-choose-card = choisissez une carte que vous n’avez pas en main et n’avez pas encore supposée
builder-question-line = ({ $bid }): { $target } a combien { $traits } ?
builder-guess-line = { $place } a { $card }
builder-safe-line = { $card } est dans le coffre
builder-added = Ajouté : « { $line } ». Envoyez votre tour quand il est complet.

# La feuille d’information.
sheet-title = Feuille d’information
sheet-intro = Ce que vous pouvez savoir, d’après votre main, les bulletins, vos suppositions et ce qui vous a été montré, et rien d’autre.
sheet-key-yes = certainement là
sheet-key-no = certainement pas
sheet-key-told = vide : inconnu (l’assistant de cette partie est désactivé, rien n’est déduit pour vous)
sheet-key-chance = un nombre : la chance en pour cent qu’elle soit là, chaque donne compatible avec ce que vous savez comptant autant
sheet-key-bounds = (pour l’instant une part égale entre les places encore ouvertes)
sheet-key-sampled = (estimée sur des donnes tirées au hasard)
sheet-key-changed = { $count ->
    [one] un cercle marque la case qui a changé depuis la dernière manche
   *[other] un cercle marque les { $count } cases qui ont changé depuis la dernière manche
}
sheet-pending = La feuille de la dernière manche est en cours de calcul ; rechargez dans un instant.
sheet-place = Place
sheet-you = vous
sheet-safe = coffre
sheet-colour = { $colour ->
    [red] Rouge
    [green] Vert
    [blue] Bleu
   *[yellow] Jaune
}
sheet-cell-yes = certainement
sheet-cell-no = certainement pas
sheet-cell-unknown = inconnu
sheet-estimate = estimé à { $percent } % ± { $error } % (deux écarts types)
sheet-changed = a changé depuis la dernière manche

# L’accueil, l’aide, l’inscription, une nouvelle partie.
index-title = Parties
index-intro = Le jeu de déduction Sleuth de Sid Sackson, joué par tours envoyés sur le web ou par courriel. À chaque manche, chaque joueur envoie en secret des suppositions sur l’emplacement des cartes et des questions mises aux enchères avec des Détectives privés ; le maître de jeu résout la manche et publie un bulletin.
index-start = Lancer une nouvelle partie
index-gathering = Parties qui cherchent des joueurs
index-no-gathering = Aucune partie ne cherche de joueurs pour l’instant.
index-ruleset = Jeu
index-players = Joueurs
index-seats-free = Places libres
index-under-way = En cours
index-none-under-way = Aucune partie publique n’est en cours.
index-finished = Terminées
index-none-finished = Aucune partie publique n’est encore terminée.
index-rounds = Manches
index-record = Registre
index-stand-by = Se proposer comme remplaçant
index-stand-by-intro = Proposez-vous pour prendre une place qui se libère dans n’importe quelle partie : les maîtres de jeu pourront vous la donner.
help-cards = Il y a 36 cartes : chacune a un joyau (diamant, perle, opale), une couleur (rouge, vert, bleu, jaune) et un type (solitaire, paire, groupe : 1, 2, 3). Elles sont distribuées également ; celles qui restent vont dans le coffre. Vous ne voyez que votre main.
help-mark-diamond = ◆ un diamant (une marque : un solitaire)
help-mark-pearl = ○ une perle (deux marques : une paire)
help-mark-opal = ● une opale (trois marques : un groupe)
help-a-turn = Un tour
help-turn-example =
    1: Ben a 2 diamant rouge                        une supposition : où est une carte
    2: l’opale bleue solitaire est dans le coffre   une supposition sur le coffre
    1 (5): Cleo a combien de rouges ?               une question, enchère de 5 Détectives privés
    2 (3): Cleo a combien de perles vertes ?
    prêt                                            mon tour est définitif
    fini                                            je ne suppose plus
help-numbering = Suppositions et questions sont numérotées à part ; une ligne sans numéro prend le suivant. Chaque carte ne se suppose qu’une fois dans toute la partie. Une supposition juste rapporte autant de points de Sleuth qu’il y a de joueurs, un de moins pour chaque joueur qui l’a trouvée à une manche précédente ; ceux qui trouvent une carte à la même manche se partagent les points.
help-questions = Pour chaque joueur, une seule question reçoit une réponse : celle de la plus forte enchère, une question à une caractéristique comptant 2 de plus. En cas d’égalité, l’emporte celui qui a le moins de Détectives privés, puis le moins de points de Sleuth, puis le hasard. Celui qui pose la question paie son enchère. Une question à deux caractéristiques qui reçoit une réponse montre aussi les cartes concernées. Chacun reçoit 12 Détectives privés à chaque manche.
help-publishing = Quand plus personne ne peut marquer sur une carte, son détenteur est publié. La partie finit quand toutes les cartes sont publiées ; le plus de points de Sleuth l’emporte.
help-languages = Les tours s’écrivent en français ou en anglais, quelle que soit la langue de vos pages : « 1: Bob has 2 Red Diamond », « 1 (5): Bob has how many Reds? », « ready » et « done » sont lus aussi.
forming-waiting = en attente de son maître de jeu
forming-intro = Cette partie réunit ses joueurs par inscription : de { $min } à { $max } joueurs.
forming-starts = Elle commence quand son maître de jeu la lance, ou quand elle est complète.
forming-starts-at = Elle commence quand son maître de jeu la lance, quand elle est complète, ou le { $at } si { $min } joueurs sont inscrits d’ici là.
forming-deal-at-start = La donne est faite, et engagée, au début seulement.
forming-seats = { $taken } places prises sur { $max }, { $free } libres.
forming-joined = Inscrits : { $names }.
forming-computers = Joueurs ordinateurs : { $names }.
forming-house-rules = Règles maison
forming-round-length = Durée d’une manche
forming-longest-absence = Plus longue absence qu’un joueur peut déclarer
forming-invited = Invités sans réponse : { $count }.
forming-start-now = Lancer la partie maintenant
forming-join = S’inscrire
forming-join-button = M’inscrire à la partie
forming-join-hint = Un courriel vient pour confirmer ; la place est à vous dès que vous y répondez ou ouvrez son lien. Ou écrivez « join { $id } VOTRE-NOM » à l’adresse du maître de jeu.
signup-title = Votre inscription
signup-game = « { $name } » (partie { $id })
signup-any-game = n’importe quelle partie
signup-expired = Elle a expiré ; inscrivez-vous à nouveau.
signup-pending = Elle attend votre confirmation.
signup-joined = Elle est confirmée.
signup-seated = Vous avez votre place.
signup-declined = Vous l’avez déclinée.
signup-left = Elle a été retirée.
signup-what-join = { $who } a demandé à rejoindre { $game }. { $status }
signup-what-invite = { $who } a été invité à { $game }. { $status }
signup-what-standby = { $who } s’est proposé comme remplaçant dans { $game }. { $status }
signup-accept = Accepter l’invitation
signup-confirm = Confirmer
signup-decline = Décliner
signup-withdraw = Retirer mon inscription
created-title = Partie créée
created-heading = La partie { $id } est créée
created-gm-page = Votre page de maître de jeu
created-gm-page-hint = (gardez-la pour vous ; elle vous a aussi été envoyée par courriel) :
created-public-page = Page publique :
created-players-hint = Le lien privé de chaque joueur est la clé de sa place et de sa main : il n’a été envoyé qu’à ce joueur, et personne d’autre ne le voit, vous compris. S’il est perdu ou divulgué, envoyez-en un nouveau à ce joueur depuis votre page.
new-not-created = La partie n’a pas été créée. Veuillez corriger :
new-the-game = La partie
new-game-name = Nom de la partie
new-gm-email = Votre courriel (maître de jeu)
new-create-token = Le jeton de création de ce service
new-listed = Lister la partie publiquement
new-language = Langue de la partie
new-language-hint = ses pages, bulletins et courriels ; chaque joueur peut choisir la sienne
new-players = Joueurs (3 à 7)
new-players-hint = Noms : lettres (accentuées aussi), chiffres, _ ou - ; « safe » est réservé. Laissez vides les lignes inutiles. Une partie a au moins une personne ; pour placer un joueur ordinateur, écrivez comme courriel
new-player-name = Nom du joueur { $n }
new-player-email = Courriel du joueur { $n }
new-signup = Ou laisser les joueurs s’inscrire
new-forming = Ouvrir la partie aux inscriptions plutôt que de nommer ses joueurs
new-forming-hint = (les lignes ci-dessus ne contiennent alors que les joueurs ordinateurs que vous placez)
new-min-players = Joueurs au moins
new-max-players = Joueurs au plus
new-start-at = Commencer d’elle-même le (facultatif)
new-start-at-hint = si le nombre minimal est inscrit d’ici là
new-invite = Inviter ces adresses (facultatif, une par ligne)
new-seats = Places
new-max-absence = Plus longue absence qu’un joueur peut déclarer (manches)
new-auto-standby = Donner la place d’un joueur déclaré fini par inactivité au premier remplaçant
new-rounds = Manches
new-round-hours = Durée d’une manche (heures)
new-first-deadline = Première échéance (facultatif)
new-time-zone-hint = par ex. UTC, Europe/Paris
new-reminders-hint = par ex. 24,2 ; vide : pas de rappel
new-grace = Délai de grâce quand tous sont prêts (minutes)
new-starting-eyes = Détectives privés au départ
new-income = Revenu à chaque manche
new-markup = Majoration des questions à une caractéristique
new-payment = Qui paie les questions
new-payment-winner = seul celui dont la question reçoit une réponse
new-payment-all = chaque demandeur
new-safe-size = Taille du coffre
new-safe-size-hint = vide : les cartes qui restent quand les 36 sont distribuées également (aucune à 3, 4 ou 6 joueurs, une à 5 ou 7)
new-max-rounds = Nombre maximal de manches
new-max-rounds-hint = vide : sans limite
new-idle-rounds = Manches sans tour avant qu’un joueur soit déclaré fini
new-idle-rounds-hint = vide : jamais
new-max-shared-pair = Restriction de donne : au plus tant de cartes partageant deux caractéristiques dans une main
new-max-shared-pair-hint = vide : sans limite ; 2 : aucune main ne tient plus de deux cartes qui partagent les deux mêmes traits
new-assistant = Assistant de la feuille d’information : montrer à chaque joueur ce qu’il peut déduire, avec les probabilités
new-create = Créer la partie

# La page du maître de jeu.
gm-title = Maître de jeu
gm-of = de
gm-page-title = Maître de jeu de { $game }
gm-turns-this-round = Tours de cette manche
gm-turn-sent = Tour envoyé
gm-ready = Prêt
gm-next-bulletin = À annoncer dans le prochain bulletin :
gm-will-be-done = { $name } sera déclaré fini.
gm-start-title = Lancer la partie
gm-start-hint = Rien n’a encore été envoyé aux joueurs. Quand vous lancez la partie, chaque joueur reçoit son lien privé par courriel et la manche 1 commence.
gm-actions = Actions
gm-resolve-now = Résoudre la manche maintenant
gm-extend-by = Repousser l’échéance de (heures)
gm-extend = Repousser
gm-resume = Reprendre la partie
gm-pause = Mettre la partie en pause
gm-mark-done-label = Déclarer un joueur fini
gm-mark-done = Déclarer fini
gm-replace-label = Donner une place à quelqu’un d’autre
gm-replace-to = à
gm-standby-option = { $name } (remplaçant)
gm-computer-novice = un joueur ordinateur, novice
gm-computer-detective = un joueur ordinateur, détective
gm-computer-master = un joueur ordinateur, maître
gm-replace-named = nommé (joueurs ordinateurs seulement)
gm-replace = Donner la place
gm-replace-hint = La place — main, soldes, suppositions, cartes montrées — passe entière ; le lien de l’ancien joueur cesse aussitôt de marcher, tous deux sont prévenus, et le prochain bulletin le dit.
gm-no-standby = Personne ne s’est encore proposé : on se propose sur la page publique de la partie.
gm-new-link-label = Envoyer un nouveau lien privé à un joueur (l’ancien cesse aussitôt de marcher)
gm-new-link = Envoyer un nouveau lien
gm-reminders-label = Rappeler les joueurs sans tour (heures avant l’échéance)
gm-reminders = Fixer les rappels
gm-end-confirm = Je veux finir la partie maintenant
gm-end = Finir la partie
gm-refused-mail = { $count } courriel(s) se disant d’un joueur de cette partie avaient une clé fausse ou absente : ils n’ont rien changé et n’ont pas eu de réponse.
gm-bounced-title = Courriels revenus
gm-failing-title = Courriels qui n’ont pas pu être remis
gm-failing-mail = À { $to } : « { $subject } », { $attempts } tentatives ; dernière erreur :
gm-not-a-player-address = une adresse qui n’est pas celle d’un joueur
gm-bounced-since = le courriel à { $who } revient depuis la manche { $round } : le serveur de courrier qui le reçoit l’a refusé pour de bon
gm-bounced = le courriel à { $who } revient : le serveur de courrier qui le reçoit l’a refusé pour de bon

# Pages d’erreur.
error-400 = Requête incorrecte
error-403 = Accès refusé
error-404 = Introuvable
error-no-such-page = Il n’y a pas de page à cette adresse. Vérifiez le lien suivi, ou repartez de la page d’accueil.
error-409 = Conflit
error-422 = Vérifiez ce que vous avez envoyé
error-429 = Trop de demandes
error-500 = Une erreur s’est produite
error-503 = Indisponible pour un moment
error-bad-key = ce lien n’est pas valable : vérifiez que vous avez copié tout le lien de votre courriel
error-database = le maître de jeu ne peut pas joindre sa base de données pour l’instant ; réessayez dans une minute

# Réponses aux actions d’un joueur.
word-ready = prêt
word-done = fini
play-withdrawn = Votre tour pour cette manche est retiré.
play-bad-rounds = « { $rounds } » n’est pas un nombre de manches ; écrivez par exemple 2, ou 0 pour revenir
play-accepted-ready = Tour accepté et déclaré prêt.
play-accepted = Tour accepté. Ajoutez « prêt » (ou appuyez sur « Envoyer et déclarer prêt ») quand il est définitif.
play-rejected-kept = Votre tour n’a PAS été accepté ; le tour envoyé avant reste en vigueur. Corrigez les lignes signalées ci-dessous.
play-rejected = Votre tour n’a PAS été accepté. Corrigez les lignes signalées ci-dessous.
away-back = Vous êtes de retour : vos tours sont de nouveau les vôtres.
away-none-allowed = cette partie n’autorise aucune absence ; demandez à son maître de jeu, ou envoyez « fini » pour arrêter de jouer
away-too-long = une absence de { $rounds } manches dépasse ce que cette partie permet : au plus { $most } ; envoyez par exemple « absent { $most } »
away-past-deadline = la manche { $round } a passé son échéance et se ferme dans un instant : rien n’a été changé ; renvoyez votre absence une fois la manche suivante ouverte
away-until = Vous êtes absent jusqu’à la manche { $round } incluse : un tour vide est envoyé pour vous à chaque manche, sans rappels. Envoyez « absent 0 » pour revenir plus tôt.
new-ruleset = Jeu
new-ruleset-hint = Polysleuth : chacun joue chaque manche en même temps.

# Le compte à rebours après une échéance, quand les scripts tournent : %d jours, %h heures, %m minutes, %s secondes.
countdown = %h h %m min %s s
countdown-days = %d j %h h %m min %s s

created-waiting-for = La partie attend son maître de jeu : un courriel avec le lien du maître de jeu est parti vers { $address }. La partie commence, et ses joueurs reçoivent leur courriel, quand le maître de jeu appuie sur « Lancer la partie » sur cette page.
created-players-hint-waiting = Le lien privé de chaque joueur est la clé de sa place et de sa main : il sera envoyé à ce joueur seul quand la partie commencera, et personne d’autre ne le voit, vous compris.
deal-given-by-operator = Cette donne a été donnée par l’opérateur (une graine ou une donne choisie), non tirée par le service : l’engagement prouve qu’elle n’a pas été changée, non que personne ne l’a choisie.

# The frame of every player's page (web/frame.rs).
frame-rules-of = règles : { $game }
frame-until = jusqu’au
frame-over = La partie est terminée.
frame-paused = La partie est en pause, par son maître de jeu : son horloge attend.
# Polysleuth's header.
frame-round-now = La manche { $round } est ouverte.
frame-can-send = Envoyez votre tour de la manche { $round } : suppositions, questions, ou simplement « prêt ».
frame-can-change = Votre tour de la manche { $round } est enregistré (pas encore prêt) : modifiez-le autant que vous voulez jusqu’à l’échéance.
frame-can-ready = Votre tour de la manche { $round } est enregistré et prêt ; vous pouvez encore le modifier jusqu’à l’échéance.
frame-can-done = Vous avez fini : vous ne faites plus de suppositions, mais vous pouvez encore poser des questions.
# Polysleuth: what happened to you in the last round.
happened-title = Ce qui vous est arrivé à la manche { $round }
happened-guess-right = Supposition { $number } : { $card } chez { $place } — juste.
happened-guess-wrong = Supposition { $number } : { $card } chez { $place } — fausse.
happened-answered = Question { $number } à { $target } ({ $what }) : répondue — { $target } a { $count } ; vous avez payé { $paid }.
happened-outbid = Question { $number } à { $target } ({ $what }, mise { $bid }) : sans réponse, une autre question l’a emporté ; vous avez payé { $paid }.
happened-nothing = Vous n’avez fait aucune supposition ni posé aucune question à cette manche.
happened-eyes = Vous avez maintenant { $eyes } Détectives privés.
frame-can-over = Votre feuille, votre historique, le classement final et toute la donne restent ci-dessous.
gm-sure = J’en suis sûr : c’est irréversible
gm-sure-resolve = { $names } n’a rien envoyé à cette manche : résoudre quand même
play-done-sure = Je ne ferai plus de supposition de la partie (je peux encore poser des questions)
play-done-untick = Rien n’a été envoyé : cochez « Je ne ferai plus de supposition de la partie » pour envoyer votre tour avec « fini », car c’est irréversible.
game-rules-title = Les règles de { $game }
rules-read-all = Toutes les règles de { $game }
forming-choice-any = aucun : m’en donner un au début
new-player-piece = Joue (Cluedo : l’invité, facultatif)
new-player-piece-n = Ce que joue le joueur { $n } (Cluedo : l’invité)
