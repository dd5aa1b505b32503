# Le Sleuth classique : les phrases du journal, les mots des pages et des courriels.

classic-free-choice = Choix libre
classic-free-choice-of = Choix libre : { $element }
classic-turn-began = Tour { $turn } : à { $player } de jouer.
classic-asked-one = { $asker } a demandé à { $target } combien { $what_of } (carte { $card }) : { $count }.
classic-asked-two = { $asker } a demandé à { $target } ses { $what } (carte { $card }) : { $count ->
    [0] aucune carte
    [one] 1 carte passée
   *[other] { $count } cartes passées
}.
classic-asked-final-one = Dernière question de { $asker } : { $target }, combien { $what_of } ? { $count }.
classic-asked-final-two = Dernière question de { $asker } : les { $what } de { $target } : { $count ->
    [0] aucune carte
    [one] 1 carte passée
   *[other] { $count } cartes passées
}.
classic-exchanged = { $player } a échangé ses cartes de recherche ({ $cards }).
classic-drew = { $player } a pioché { $cards }.
classic-reshuffled = La défausse ({ $count } cartes) a été mélangée pour refaire la pioche.
classic-passed = Le tour de { $player } est passé.
classic-passed-gm = Le maître du jeu a clos le tour de { $player }.
classic-skipped = { $player } a laissé passer { $turns ->
    [one] 1 tour
   *[other] { $turns } tours
} de suite et est sauté jusqu'à sa prochaine commande.
classic-returned = { $player } est de retour et rejoue.
classic-accused-right = { $player } a accusé juste : { $player } gagne !
classic-accused-wrong = { $player } a accusé à tort : { $player } est éliminé, mais répond encore aux questions.
classic-accused-timeout = { $player } a posé une dernière question sans accuser avant l'échéance : { $player } est éliminé.
classic-marked-out = Le maître du jeu a éliminé { $player }, qui répond encore aux questions.
classic-replaced = { $player } a pris la place de { $before }.
classic-ended = La partie est finie. Gagnants, dans l'ordre : { $winners }.
classic-ended-none = La partie est finie, sans gagnant.

classic-ruleset = Sleuth classique
classic-your-turn-first = Vous jouez en premier : c'est votre tour jusqu'au { $deadline }. Envoyez une commande (ci-dessous).
classic-whose-turn = À { $player } de jouer, jusqu'au { $deadline }.
classic-whose-turn-paused = À { $player } de jouer ; l'horloge est en pause.
classic-final-asked = { $player } a posé une dernière question et doit maintenant accuser, avant le { $deadline }.
classic-nobody = Personne ne peut jouer : tous les joueurs restants sont sautés pour inactivité.
classic-over = La partie est finie.
classic-winners = Gagnants, dans l'ordre : { $winners }
classic-missing = La gemme manquante : { $cards }
classic-canonical = Le texte engagé (vérification : printf '%s' "$SALT" | cat texte - | sha256sum) :
classic-salt = Sel : { $salt }
classic-players = Les joueurs et leurs cartes de recherche
classic-standing-playing = en jeu
classic-standing-out = éliminé
classic-standing-won = gagnant
classic-standing-skipped = sauté
classic-table = Cartes sur la table (publiques)
classic-table-none = Aucune carte sur la table.
classic-discard = Défausse
classic-discard-none = vide
classic-deck = Pioche : { $count } cartes
classic-log = Le journal
classic-your-hand = Votre main
classic-shown = Cartes qu'on vous a montrées
classic-shown-line = Tour { $turn } : les { $what } de { $target } : { $cards }
classic-shown-none = aucune
classic-your-cards = Vos cartes de recherche
classic-allows = permet
classic-act = À vous de jouer
classic-act-help = Écrivez votre commande, ou choisissez une question que vos cartes permettent.
classic-accuse = Accuser (à tout moment)
classic-accuse-help = Nommez la gemme manquante. Juste, vous gagnez ; à tort, vous êtes éliminé.
classic-send = Envoyer
classic-done = C’est fait : votre commande a été exécutée.
classic-digest = Résumé quotidien
classic-digest-help = Recevoir le résultat public des tours en un courriel par jour plutôt qu'un par tour.
classic-digest-on = Résumé activé
classic-digest-off = Résumé désactivé
classic-sheet = Fiche d'information
classic-sheet-missing = Chance d'être la gemme manquante
classic-gm-skip = Clore le tour maintenant
classic-gm-out = Éliminer
classic-subject-welcome = [Sleuth partie { $id }] bienvenue dans { $game }, { $name }
classic-subject-gm = [Sleuth partie { $id }] vous êtes le maître du jeu de { $game }
classic-subject-turn = [Sleuth partie { $id }, tour { $turn }] à vous de jouer
classic-subject-news = [Sleuth partie { $id }, tour { $turn }] ce qui s'est passé
classic-subject-end = [Sleuth partie { $id }] la partie est finie
classic-subject-digest = [Sleuth partie { $id }] votre résumé quotidien
classic-subject-refused = [Sleuth partie { $id }] votre commande n'a PAS été acceptée
classic-subject-reminder = [Sleuth partie { $id }, tour { $turn }] rappel : votre tour finit bientôt
classic-subject-status = [Sleuth partie { $id }] état de { $name }
classic-subject-skipped = [Sleuth partie { $id }] { $name } est sauté pour inactivité
classic-subject-all-skipped = [Sleuth partie { $id }] tous les joueurs qui pourraient jouer sont sautés
classic-subject-digest-set = [Sleuth partie { $id }] résumé { $on ->
    [yes] activé
   *[no] désactivé
}
classic-allows-one = combien { $what_of }
classic-allows-two = { $what } (les cartes ne sont montrées qu'à vous)
classic-allows-two-count = { $what } (le nombre seulement : supersleuth)
classic-allows-free = n'importe quel élément, ou deux de sortes différentes
classic-allows-free-of = { $what }, seul ou avec un élément d'une autre sorte
classic-mail-your-turn = C'est votre tour (tour { $turn }) jusqu'au { $deadline }. Envoyez une commande : une question que vos cartes permettent, exchange, ou une dernière question ; une accusation peut l'accompagner.
classic-mail-must-accuse = Vous avez posé une dernière question : envoyez maintenant « accuse … » avant le { $deadline }, sinon vous êtes éliminé.
classic-mail-happened = Ce qui s'est passé depuis le dernier courriel :
classic-mail-digest = Le résultat public de chaque tour depuis votre dernier résumé :
classic-mail-end = La partie est finie. La ou les gemmes manquantes : { $missing }. Sel : { $salt }. Toute la donne :
classic-mail-end-hand = { $player } avait : { $cards }
classic-mail-end-table = Sur la table : { $cards }
classic-mail-refused = Votre commande n'a PAS été acceptée ; rien n'a changé. Tous les problèmes :
classic-mail-reminder = Votre tour (tour { $turn }) finit le { $deadline }. Sans commande d'ici là, il passe.
classic-mail-skipped = { $player } a laissé passer { $turns ->
    [one] 1 tour
   *[other] { $turns } tours
} de suite et est maintenant sauté jusqu'à sa prochaine commande. Vous pouvez donner sa place à un remplaçant ou à un joueur ordinateur sur votre page.
classic-mail-all-skipped = Tous les joueurs qui pourraient jouer sont sautés : leurs tours continuent dans l’ordre des places, chacun jusqu’à son échéance, pour que la partie ne reste jamais bloquée. Vous pouvez remplacer chacun d’eux depuis votre page.
classic-mail-gm = Vous êtes le maître du jeu de « { $game } » (partie { $id }), une partie de Sleuth classique. Votre page - gardez-la pour vous, c'est votre clé : { $link }
classic-subject-formed = [Sleuth partie { $id }] { $game } a commencé
classic-mail-gm-formed = « { $game } » (partie { $id }), une partie de Sleuth classique, est complète et a commencé ; chaque joueur a reçu son lien privé. Votre page est le lien reçu quand vous l'avez ouverte aux inscriptions.
classic-formed-started = La partie a commencé avec { $count } joueurs : chacun a reçu son lien privé, et le premier tour a commencé.
classic-mail-gm-players = Joueurs : { $players }
classic-mail-digest-on = Désormais le résultat public des tours arrive en un courriel par jour. Votre tour, les cartes qu'on vous montre et la fin arrivent toujours aussitôt.
classic-mail-digest-off = Désormais le résultat public de chaque tour arrive aussitôt.
classic-mail-status = À qui de jouer : { $turn }
classic-mail-hand = Votre main : { $cards }
classic-mail-help = Commandes : demande à NOM combien de paires ; demande à NOM opales bleues [avec CARTE] ; échange ; dernière demande à NOM opales bleues ; j'accuse 2 opale bleue ; retour ; status ; digest on ; digest off ; aide. Les commandes anglaises sont lues aussi (ask NOM how many Pairs, accuse 2 Blue Opal…).
classic-gm-name = maître du jeu
classic-turn = Tour { $turn }
classic-commitment = Engagement (SHA-256) :
classic-ask-whom = Demander à
classic-ask-what = au sujet de
classic-ask-add = Poser cette question
classic-ask-second-help = Règle maison two_questions : vous pouvez aussi interroger un second joueur, sur une question de l'autre sorte (un élément et deux éléments), chacune avec sa carte de recherche.
classic-ask-whom-second = Puis demander à
classic-ask-no-second = pas de seconde question
classic-final = Dernière question
classic-final-help = N'importe quelle question, sans carte de recherche ; vous devez ensuite accuser avant l'échéance de votre tour, sinon vous êtes éliminé.
classic-final-send = Poser ma dernière question
classic-accuse-which-nth = Gemme manquante { $n }
classic-sheet-off = L'assistant de la fiche d'information est désactivé dans cette partie (règle maison assistant).
classic-command = Commande
classic-accuse-which = La gemme manquante
classic-accuse-send = Accuser
classic-gm-title = Maître du jeu de { $game }
classic-gm-turn-hours = Heures
classic-gm-extend = Prolonger le tour
classic-gm-pause = Pause
classic-gm-resume = Reprendre
classic-gm-end = Finir la partie maintenant
classic-gm-seat = Place
classic-gm-replace = Donner la place à
classic-gm-replace-help = standby:NUMÉRO ou computer:detective, avec un nom pour un joueur ordinateur
classic-gm-new-link = Envoyer un nouveau lien
classic-sheet-none = La fiche n'a encore rien à montrer.
classic-sheet-elsewhere = Ailleurs
classic-sheet-method = Calcul : { $method }
classic-line = ligne { $line } : « { $text } » { $problem }
classic-examples = écrivez par exemple « ask Ben how many Pairs » (ou « demander à Ben combien de paires »), « ask Ben for Blue Opals », « exchange », « final ask Ben for Blue Opals » ou « accuse 2 Blue Opal »
classic-problem-nothing = le message ne contient aucune commande ; { $examples }
classic-problem-not-understood = n'est pas compris ; { $examples }
classic-problem-ask-what = ne dit pas quoi demander : écrivez « ask Ben how many Pairs » ou « ask Ben for Blue Opals »
classic-problem-accuse-colon = met deux-points après « accuse », comme une question à un joueur : écrivez « j'accuse 2 opale bleue »
classic-problem-accuse-what = ne nomme aucune carte : écrivez « accuse 2 Blue Opal »
classic-problem-unknown-word = contient « { $word } », qui n'est ni une gemme, ni un type, ni une couleur (diamant, perle, opale ; solitaire, paire, groupe ; rouge, vert, bleu, jaune)
classic-problem-same-kind = joint deux éléments de même sorte ({ $kind } : { $trait } et un autre) : une question à deux éléments en prend de deux sortes, comme « opales bleues » ou « paires rouges »
classic-problem-too-many = porte sur plus de deux éléments : une question prend un élément (« paires ») ou deux de sortes différentes (« opales bleues »)
classic-problem-bad-card = ne nomme pas une carte : { $why } ; écrivez une carte comme « 2 Blue Opal »
classic-problem-unknown-search-card = nomme « { $card } », qui n'est pas une carte de recherche ; nommez-en une comme « Pairs », « Blue Opals », « Free Choice » ou « Free Choice Blue »
classic-problem-not-a-player = interroge « { $name } », qui ne joue pas dans cette partie
classic-problem-asked-self = vous interroge vous-même : interrogez un autre joueur
classic-problem-not-your-turn = n'est pas de mise : c'est à { $player } de jouer, et seule une accusation peut être envoyée à tout moment
classic-problem-nobodys-turn = n'est pas de mise : ce n'est le tour de personne, et seule une accusation peut être envoyée à tout moment
classic-problem-no-card-allows = demande une carte de recherche qui permette { $question }, et vous avez { $held } ; posez une question qu'elles permettent, ou « exchange »
classic-problem-card-not-held = nomme { $card }, que vous n'avez pas ; vous avez { $held }
classic-problem-card-does-not-allow = nomme { $card }, qui ne permet pas { $question }
classic-problem-one-action = est une seconde action : un tour est une question, un échange ou une dernière question (et une accusation)
classic-problem-two-questions = est une seconde question : avec two_questions, les deux vont à deux joueurs différents, l'une à un élément et l'autre à deux
classic-problem-same-card-twice = utilise encore { $card } : chaque question demande sa propre carte de recherche
classic-problem-final-alone = vient avec une autre action : une dernière question est la seule question du tour
classic-problem-awaiting-accusation = vient après votre dernière question : seule « accuse … » finit maintenant votre tour
classic-problem-pass-is-no-action = n’est pas une action de tour : un tour pose une question, échange ses cartes de recherche (« échange ») ou pose une dernière question ; un tour sans action passe à son échéance
classic-problem-accuse-count = ne nomme pas le bon nombre de cartes : cette partie a { $count } gemmes manquantes, nommez-les toutes
classic-problem-one-accusation = est une seconde accusation : un message en contient une au plus
classic-problem-accuse-twice = nomme { $card } deux fois : une accusation nomme chaque gemme manquante une fois
classic-problem-won = vient après votre victoire : vous répondez aux questions mais ne jouez plus
classic-problem-out = vient après votre sortie de la partie : vous répondez aux questions mais ne jouez plus et n'accusez plus
classic-problem-game-over = vient après la fin de la partie

# Des commandes données en exemple sous la zone de commande, l’une après l’autre (| entre elles).
classic-hint-examples = demander à { $name } combien de paires|demander à { $name } combien d’opales bleues|échanger|dernière demander à { $name } combien d’opales bleues|accuser paire d’opales bleues

# Les champs de Sleuth classique du formulaire de nouvelle partie.
new-classic-rules = Règles maison du Sleuth classique (voir Comment jouer)
new-classic-hint = Seulement pour une partie de Sleuth classique ; les règles de Polysleuth ci-dessus ne servent pas alors. Laissez une case vide pour sa valeur par défaut.
new-classic-missing-gems = Gemmes manquantes
new-classic-turn-hours = Heures par tour
new-classic-winners = Gagnants
new-classic-idle-turns = Tours passés d’affilée avant qu’un joueur soit sauté
new-classic-supersleuth = Supersleuth (les réponses ne donnent que le nombre)
new-classic-two-questions = Deux questions par tour
classic-ruleset-hint = Sleuth classique : tours dans l'ordre des places, cartes de recherche, une gemme manquante.

## Errors and house rules of classic Sleuth
error-game-classic-sleuth-reminds = une partie de Sleuth classique rappelle d’elle-même au joueur que son tour finit bientôt
error-not-classic = la partie { $game } n’est pas une partie de Sleuth classique
error-classic-pages = la partie { $game } est une partie de Sleuth classique : ses pages sont sous /classic/
classic-settings-player-count = le Sleuth classique se joue à 3 à 7 joueurs, pas { $count }
classic-settings-missing-gems = missing_gems = { $gems } n’est permis qu’à 3 ou 4 joueurs et doit valoir 1, 2 ou 3 ; à { $players } joueurs, mettez 1
classic-settings-turn-hours = turn_hours doit être entre 1 et 720, pas { $hours }
classic-settings-winners = winners doit valoir au moins 1 et moins que les { $players } joueurs, pas { $winners }
classic-settings-idle-turns = idle_turns doit valoir au moins 1, pas { $turns }

# Les règles maison en mots, comme une lettre les énumère.
classic-setting-name = { $key ->
    [missing_gems] Cartes mises de côté sans être vues
    [turn_hours] Heures que dure un tour
    [supersleuth] Questions à deux éléments répondues par le nombre seul
    [two_questions] Deux questions par tour
    [winners] Accusations justes qui finissent la partie
    [idle_turns] Tours laissés passer avant qu’un joueur soit sauté
    [assistant] L’assistant de la feuille d’information
   *[other] { $key }
}
classic-setting-on = oui
classic-setting-off = non
classic-mail-no-command =
    Votre courriel ne contient aucune commande{ $lines ->
        [0] {""}
        [one] {" "}(seulement { $lines } ligne d’autre texte)
       *[other] {" "}(seulement { $lines } lignes d’autre texte)
    }. Une commande s’écrit par exemple : « demander à Ben combien de paires », « je demande à Ben combien d’opales bleues », « j'accuse 2 opale bleue » ou « échange ».

    Rien n’a changé. Répondez par le mot aide pour apprendre à jouer par courriel.

# The frame's header of a player's page (view::header).
classic-now = Tour { $turn } : { $player } joue.
classic-can-play = À vous : posez une question que vos cartes de recherche permettent, ou accusez.
classic-can-accuse-only = Vous avez posé votre dernière question : seule une accusation peut être envoyée maintenant, avant l’échéance.
classic-can-next = { $player } joue ; vous êtes le suivant. Vous pouvez accuser à tout moment.
classic-can-after = { $player } joue ; vous jouez après { $before }. Vous pouvez accuser à tout moment.
classic-can-skipped = { $player } joue ; vous êtes sauté pour inactivité jusqu’à ce que vous envoyiez une commande. Vous pouvez accuser à tout moment.
classic-can-accuse = Vous pouvez accuser à tout moment.
classic-can-out = Vous êtes éliminé : vous répondez encore aux questions, mais ne jouez plus.
classic-can-won = Vous avez accusé juste et gagné ; les autres jouent encore, et les gemmes manquantes et toute la donne seront montrées à la fin de la partie.
classic-can-over = Les gemmes manquantes et toute la donne sont ci-dessous.
classic-refused = Votre commande n’a PAS été acceptée ; rien n’a changé. Tous les problèmes :
classic-ended-by-gm = Le maître de jeu a mis fin à la partie.
classic-accuse-choose = — choisissez une carte —
classic-accuse-sure = J’en suis sûr : si je me trompe, je suis éliminé
classic-accuse-untick = Rien n’a été envoyé : cochez la case pour confirmer votre accusation, car une accusation fausse vous élimine.
