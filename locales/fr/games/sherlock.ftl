# Sherlock Solitaire : les mots de ses événements, pour ses pages et ses lettres.
sherlock-holmes = Sherlock Holmes
sherlock-watson = le docteur Watson
sherlock-turn-began = Tour { $turn } : { $detective } enquête.
sherlock-drew = Vous avez pioché { $cards }.
sherlock-drew-hidden = { $count } cartes ont été piochées.
sherlock-reshuffled = La pioche était vide : { $cards } cartes ont été mélangées en une nouvelle pioche.
sherlock-redrew = Les quatre cartes piochées ont été défaussées, et quatre autres piochées.
sherlock-played-office = { $card } est allé au bureau, sur la série { $set }.
sherlock-played-scene = { $card } est allé sur la scène de crime.
sherlock-pair = Une paire de { $card } sur la scène de crime, défaussée.
sherlock-moved = { $card } est passé de { $from } à { $to }.
sherlock-skipped = Le pouvoir de { $detective } pour une paire de { $number } n’a pas pu servir.
sherlock-healed = Une blessure guérie : il en reste { $wounds }.
sherlock-wounded = Une blessure ({ $why }) : { $wounds } sur 3.
sherlock-why-threat-pair = une paire de cartes Menace
sherlock-why-skipped = un pouvoir inutilisé
sherlock-why-left-in-hand = des cartes restées en main
sherlock-why-reshuffle = la pioche remélangée
sherlock-completed = Série { $number } terminée.
sherlock-discarded = Les cartes restées en main ont été défaussées : { $cards }.
sherlock-won = L’affaire est résolue !
sherlock-lost-wounded = La troisième blessure : l’affaire est perdue.
sherlock-lost-time = Le coupable s’est enfui : le dernier tour de l’affaire s’est achevé sans solution.
sherlock-ended = Le meneur de jeu a mis fin à la partie avant que l’affaire soit tranchée.
sherlock-place-deck = la pioche
sherlock-place-scene = la scène de crime
sherlock-place-discard = la défausse
sherlock-place-hand = la main
sherlock-place-set = la série { $number }

# Le jeu, ses réglages et le formulaire de nouvelle partie.
sherlock-ruleset = Sherlock Solitaire
sherlock-ruleset-hint = Un joueur, ou deux détectives à tour de rôle : formez des séries dans le Bureau et des paires sur la Scène du crime pour résoudre l’affaire avant trois blessures ou le dernier tour de l’affaire.
new-sherlock-rules = Sherlock Solitaire
new-sherlock-hint = Un joueur joue tous les détectives ; à deux détectives, deux joueurs peuvent en prendre un chacun (le premier commence).
new-sherlock-detectives = Détectives
new-sherlock-both-holmes = Holmes, puis Watson
new-sherlock-both-watson = Watson, puis Holmes
new-sherlock-case = Affaire
new-sherlock-level = Niveau
new-sherlock-turn-hours = Heures par tour (vide : sans échéance)
new-sherlock-advanced = Avancé : chaque nouveau mélange de la pioche donne une blessure
sherlock-case-valley_of_fear = La Vallée de la peur
sherlock-case-final_problem = Le Dernier Problème
sherlock-goal-valley_of_fear-1 = quatre séries dans le Bureau, une par nombre, chacune d’au moins 2 cartes Enquête
sherlock-goal-valley_of_fear-2 = quatre séries dans le Bureau, une par nombre, chacune d’au moins 3 cartes Enquête
sherlock-goal-valley_of_fear-3 = quatre séries dans le Bureau, une par nombre, chacune d’au moins 4 cartes Enquête
sherlock-goal-final_problem-1 = des séries complétées de trois nombres différents
sherlock-goal-final_problem-2 = des séries complétées des quatre nombres
sherlock-goal-final_problem-3 = des séries complétées des quatre nombres, dont un deux fois
sherlock-case-line = { $case }, niveau { $level } : { $goal }, en { $turns } tours au plus. Détectives : { $detectives }.
sherlock-house-rules = Règles maison : advanced { $advanced ->
        [on] activée (chaque remélange d’une pioche vide donne une blessure)
       *[off] désactivée
    } ; turn_hours { $hours ->
        [none] aucune (un tour n’a pas d’échéance)
       *[other] { $hours } (un tour finit après ce nombre d’heures)
    }.
error-not-sherlock = La partie { $game } n’est pas une partie de Sherlock Solitaire.
error-sherlock-not-your-turn = C’est le tour de { $player } ({ $detective }) : vos coups attendent votre propre tour.
error-sherlock-no-clock = Les tours de cette partie n’ont pas d’échéance (règle maison turn_hours désactivée) : il n’y a pas d’horloge à suspendre ou prolonger.
error-sherlock-no-clock-turn = Les tours de cette partie n’ont pas d’échéance (règle maison turn_hours désactivée) : un tour ne finit que par la réponse de son joueur. Pour faire avancer la partie, confiez la place à un joueur ordinateur ou terminez la partie.
error-sherlock-no-such-action = Sherlock Solitaire n’a pas cette action : son meneur peut donner un nouveau lien, remplacer un joueur ou finir la partie et, dans une partie avec turn_hours, finir le tour, le suspendre ou le prolonger.
error-sherlock-players = Une partie à { $detectives } détective(s) se joue à une personne ou à une personne par détective, pas à { $players }.

# La table en texte, dans les lettres et les pages.
sherlock-none = aucune
sherlock-table-status = Tour { $turn } sur { $limit } (encore { $left }, celui-ci compris) · blessures { $wounds } sur 3 · pioche { $deck } cartes
sherlock-office = Bureau :
sherlock-scene-line = Scène du crime : { $cards }
sherlock-discard-line = Défausse (dessus en dernier) : { $cards }
sherlock-completed-line = Séries complétées : { $numbers }
sherlock-hand-line = Votre main : { $cards }
sherlock-choice-line = Le pouvoir de { $detective } pour la paire de { $number } attend votre choix.
sherlock-open-line = Coups possibles : { $lines }
sherlock-your-turn = C’est votre tour ({ $detective }).
sherlock-whose-turn = C’est le tour de { $player } ({ $detective }).
sherlock-end-line = La partie s’est terminée au tour { $turn } avec { $wounds } blessure(s).

# Lettres.
sherlock-subject-gm = [Sherlock partie { $id }] { $game } : vous en êtes le meneur
sherlock-mail-gm = Vous êtes le meneur de « { $game } » (partie { $id }), une partie de Sherlock Solitaire.
sherlock-mail-gm-link = Votre page, pour remplacer un joueur ou finir la partie et, avec turn_hours, finir un tour ou suspendre (gardez-la pour vous) : { $link }
sherlock-mail-public = La table, pour tous : { $link }
sherlock-subject-formed = [Sherlock partie { $id }] { $game } a commencé
sherlock-mail-gm-formed = « { $game } » (partie { $id }), une partie de Sherlock Solitaire, est complète et a commencé ; chaque joueur a reçu son lien privé. Votre page est le lien reçu quand vous l'avez ouverte aux inscriptions.
sherlock-mail-gm-players = Joueurs : { $players }
sherlock-subject-welcome = [Sherlock partie { $id }] bienvenue dans { $game }
sherlock-mail-hello = Bonjour { $name },
sherlock-mail-welcome = vous enquêtez dans « { $game } » (partie { $id }), une partie de Sherlock Solitaire.
sherlock-mail-link = Votre page privée - c’est votre clé, gardez-la pour vous :
    { $link }
sherlock-mail-how = Pour jouer par courrier, répondez avec vos coups, un par ligne, dans l’ordre : « 2 bureau », « C bureau sur 2 », « 4 scène », « +3 scène » (une carte qu’un pouvoir vous a donnée), « puis C de série 3 à défausse » (le choix d’un pouvoir, à la ligne qui suit le coup qui l’a causé), « compléter 3 », « repiocher ». Les coups sont joués dans l’ordre ; à la première ligne fausse, ou s’il manque un choix, rien de plus n’est fait et la réponse dit où en est le tour. Quand plus rien ne peut être joué, le tour finit ; quand une ligne refusée a laissé votre tour ouvert avec pour seul coup une série à compléter, une réponse sans aucun coup le finit. « état » renvoie la table ; « aide » renvoie ceci.
sherlock-subject-turn = [Sherlock partie { $id }] tour { $turn } sur { $limit } : vos quatre cartes
sherlock-subject-news = [Sherlock partie { $id }] tour { $turn }
sherlock-subject-over = [Sherlock partie { $id }] l’affaire est close
sherlock-mail-happened = Ce qui s’est passé :
sherlock-mail-record = Le relevé de la partie, que « polysleuth verify » rejoue (la pioche et le sel y sont) : { $link }
sherlock-mail-reply = Répondez avec vos coups, un par ligne.
sherlock-subject-refused = [Sherlock partie { $id }] votre réponse n’a pas été jouée entière
sherlock-subject-answer = [Sherlock partie { $id }] tour { $turn } : vos coups
sherlock-subject-status = [Sherlock partie { $id }] la table
sherlock-subject-help = [Sherlock partie { $id }] jouer par courrier
sherlock-mail-no-command = Votre courrier ne contenait aucun coup de cette partie ({ $lines } ligne(s) ignorée(s)). Écrivez un coup par ligne, comme « 2 bureau » ou « 4 scène » ; « aide » explique comment.
sherlock-mail-done = Joué :
    { $lines }
sherlock-mail-refused = Non joué : « { $line } » : { $why }. Rien après n’a été fait ; le tour reste ouvert pour votre prochaine réponse.
sherlock-mail-refused-ended = Non joué : « { $line } » : { $why }. Rien après n’a été fait et, comme il ne restait rien à jouer, votre tour a pris fin.
sherlock-mail-ignored = La partie a fini avant ces lignes : { $lines }
sherlock-mail-turn-open = Votre tour continue : répondez avec les coups suivants.
sherlock-mail-turn-open-complete = Votre tour continue : il ne reste à jouer qu’une série à compléter. Répondez « compléter » et le numéro de la série pour la compléter, ou répondez sans aucun coup pour finir votre tour sans la compléter.
sherlock-turn-ends = Ce tour prend fin : { $deadline }.
sherlock-turn-clock-stopped = L’horloge du tour est arrêtée : la partie est suspendue, ou attend que son meneur la lance.

# Pages.
sherlock-card-inv = Enquête { $card }
sherlock-card-threat = Menace { $card }
sherlock-button-set = { $card } → série { $set }
sherlock-button-office = { $card } → Bureau
sherlock-button-scene = { $card } → Scène du crime
sherlock-button-then = { $card } : { $from } → { $to }
sherlock-button-complete = Compléter la série { $set }
sherlock-button-redraw = Repiocher quatre cartes
sherlock-now = Tour { $turn } sur { $limit } : { $detective } enquête
sherlock-can-over = L’affaire est close.
sherlock-can-choose = Choisissez où va la carte du pouvoir.
sherlock-can-send = Plus rien ne peut être joué : envoyez pour finir le tour.
sherlock-can-play = Jouez vos cartes : deux au Bureau, deux sur la Scène du crime.
sherlock-done = C’est fait.
sherlock-refused = Pas joué en entier.
sherlock-refused-line = « { $line } » n’a pas été joué : { $why }
sherlock-undone = Le dernier coup préparé a été repris.
sherlock-nothing-to-undo = Aucun coup préparé à reprendre.
sherlock-table-title = La table, tour { $turn } sur { $limit }
sherlock-turns-left = encore { $left } tour(s), celui-ci compris
sherlock-deck-size = pioche : { $cards } cartes
sherlock-wounds = Blessures :
sherlock-wounds-of = { $wounds } blessure(s) sur 3
sherlock-office-empty = Le Bureau est vide.
sherlock-investigations = { $count } Enquête
sherlock-scene = Scène du crime
sherlock-discard = Défausse (dessus en dernier)
sherlock-deck-left = La pioche telle qu’elle restait (dessus en premier)
sherlock-record = Le relevé de la partie (à vérifier avec « polysleuth verify »)
sherlock-your-hand = Votre main
sherlock-no-play = aucun coup possible
sherlock-hand-empty = Votre main est vide.
sherlock-pending = Préparés, pas envoyés
sherlock-pending-none = Rien de préparé : chaque bouton prépare un coup ; envoyez-les quand vous êtes prêt.
sherlock-send = Envoyer les coups préparés
sherlock-send-end = Envoyer et finir le tour
sherlock-undo = Reprendre le dernier
sherlock-send-help = Un coup préparé peut être repris tant qu’il n’est pas envoyé, sauf s’il a montré une carte de la pioche (une repioche, la paire de 4 de Holmes) : celui-là, et ceux d’avant, sont joués aussitôt.
sherlock-lines = Coups, un par ligne (joués après ceux préparés)
sherlock-gm-end-turn = Finir le tour maintenant

# L'affaire du jour.
what-your-address = votre adresse électronique
sherlock-daily-title = L’affaire du jour
sherlock-daily-variant = { $case }, niveau { $level }
sherlock-daily-intro = Chaque jour (UTC), une pioche est engagée pour chaque affaire et niveau. Chacun peut jouer chacune une fois ce jour-là, sur la page ou par courrier : donnez un nom et votre adresse, et ouvrez le lien que nous vous envoyons. À la fin du jour, chaque pioche et son sel sont publiés avec les parties du jour, et chaque relevé se vérifie avec « polysleuth verify ».
sherlock-daily-name = Votre nom
sherlock-daily-email = Votre adresse électronique
sherlock-daily-ask = M’envoyer le lien
sherlock-daily-hint = Un essai par jour pour chaque affaire et niveau. Rien de la partie d’un autre n’est montré avant la fin du jour.
sherlock-daily-commitments = Les affaires du jour et leurs engagements
sherlock-daily-count = { $count } partie(s) jusqu’ici
sherlock-daily-past = Jours précédents
sherlock-daily-running = Ce jour n’est pas fini : ses pioches, ses sels et ses parties seront montrés à sa fin.
sherlock-daily-seed = Graine
sherlock-daily-salt = Sel
sherlock-daily-nobody = Personne n’a joué cette affaire.
sherlock-daily-end = Fin
sherlock-daily-turns = Tours
sherlock-daily-record = Relevé
sherlock-daily-today = Les affaires du jour
sherlock-daily-end-won = gagnée
sherlock-daily-end-wounded = perdue : troisième blessure
sherlock-daily-end-time = perdue : plus de tours
sherlock-daily-end-ended = finie avec son jour
sherlock-daily-end-running = pas finie
sherlock-daily-not-asked = Rien n’a été envoyé :
sherlock-daily-confirm = Commencer votre partie de { $case } du { $day } ? Vous pouvez la jouer une fois.
sherlock-daily-start = Commencer ma partie
sherlock-daily-wait = La pioche et le relevé de cette affaire du jour sont publiés à la fin de son jour, avec les parties du jour :
sherlock-daily-subject-confirm = [Sherlock] l’affaire du jour : { $case }, { $day }
sherlock-daily-mail-confirm = Bonjour { $name },

    pour jouer l’affaire du jour ({ $case }, { $day }), ouvrez ce lien et commencez votre partie. Vous pouvez la jouer une fois ; le lien vaut jusqu’à la fin du jour (UTC).
        { $link }

    Si vous ne l’avez pas demandé, ignorez ce courrier : rien ne se passe sans le lien.
sherlock-mail-daily-record = La pioche et le relevé de votre partie sont publiés à la fin du jour ({ $day }, UTC), avec les parties de tous : { $link }
done-sherlock-daily-asked = Si { $email } peut jouer { $case } aujourd’hui, un lien pour lancer la partie lui a été envoyé. Une partie par jour pour chaque affaire, au plus { $most } liens par jour pour une affaire et { $total } en tout : ouvrez le dernier.
error-sherlock-daily-name = « { $name } » ne peut pas être un nom de joueur ici : 1 à 32 lettres, chiffres, espaces, points ou tirets.
error-sherlock-daily-variant = « { $variant } » n’est pas une affaire du jour : choisissez une affaire et un niveau dans la liste.
error-sherlock-daily-link = Ce lien est inconnu ou a déjà servi. Demandez-en un nouveau sur la page de l’affaire du jour.
error-sherlock-daily-over = Ce lien était pour l’affaire du { $day }, et ce jour est fini. Les affaires du jour sont sur la page de l’affaire du jour.
error-sherlock-daily-played = Cette boîte aux lettres a déjà joué l’affaire du jour, son adresse écrite autrement : l’affaire d’un jour se joue une fois par personne.
error-sherlock-daily-started = Ce lien a déjà lancé sa partie (un second clic ?) : le lien de la partie est dans le courriel qui vient de vous être envoyé.
error-sherlock-daily-ended = Le jour de cette affaire ({ $day }, UTC) est fini et sa pioche est publique : la partie ne prend plus de coups.
error-sherlock-daily-hidden = C’est une partie de l’affaire du jour : rien n’en est montré avant la fin de son jour ({ $day }, UTC).
error-sherlock-daily-record = Le relevé de cette affaire du jour contient sa pioche : il est publié à la fin de son jour ({ $day }, UTC).
error-sherlock-daily-no-day = Il n’y a pas eu d’affaire du jour le { $day }.
# Pourquoi une ligne n’a pas été jouée.
sherlock-refusal-over = la partie est finie
sherlock-refusal-waiting = un pouvoir attend d’abord son choix : { $choices }
sherlock-refusal-nothing-waiting = aucun choix n’attend : « puis … » suit le coup qui forme une paire
sherlock-refusal-made-for-you = le pouvoir n’avait qu’un choix, et il a été fait pour vous : { $choice } ; aucune ligne « puis … » n’est nécessaire
sherlock-refusal-nothing-to-choose = le pouvoir n’avait rien à déplacer, il n’a donc pas servi : il n’y a pas de choix à faire
sherlock-refusal-not-a-choice = ce n’est pas l’un des choix du pouvoir : { $choices }
sherlock-refusal-choice = « { $line } »
sherlock-refusal-or = { $first } ou { $next }
sherlock-refusal-not-in-hand = votre main n’a pas de { $card }
sherlock-refusal-not-in-hand-plus = votre main n’a pas de +{ $card } (une carte qu’un pouvoir vous a donnée)
sherlock-refusal-not-in-hand-plus-own = votre main n’a pas de +{ $card } (une carte qu’un pouvoir vous a donnée) : votre { $card } est à vous, écrivez « { $card } »
sherlock-refusal-not-in-hand-own = votre main n’a pas de { $card } à vous : la vôtre est celle qu’un pouvoir vous a donnée, écrivez « +{ $card } »
sherlock-refusal-two-office = deux cartes sont déjà allées au Bureau ce tour-ci
sherlock-refusal-two-scene = deux cartes sont déjà allées sur la Scène du crime ce tour-ci
sherlock-refusal-no-place = { $card } n’a pas de place au Bureau : { $office }
sherlock-refusal-card-on = { $card } sur { $set }
sherlock-refusal-office-empty = le Bureau est vide
sherlock-refusal-office-holds = le Bureau contient { $sets }
sherlock-refusal-office-set = série { $number } : { $cards }
sherlock-refusal-which-set = { $card } peut aller sur plus d’une série : écrivez « { $card } bureau sur N » avec l’une des séries { $sets }
sherlock-refusal-no-redraw = « repiocher » vient avant le premier coup du tour, une fois par tour, avec trois cartes pareilles ou quatre d’une même sorte
sherlock-refusal-never-completes = La Vallée de la peur ne complète jamais de série
sherlock-refusal-no-full-set = aucune série de { $number } ne contient quatre cartes Enquête
sherlock-refusal-unknown = « { $line } » n’est pas compris : écrivez un coup comme « 2 bureau », « C bureau sur 2 », « 4 scène », un choix comme « puis C de série 3 à défausse », « compléter 3 » ou « repiocher »
sherlock-refusal-no-card = « { $word } » n’est pas une carte : les cartes sont 1, 2, 3, 4 (Enquête) et A, B, C, D (Menace)
sherlock-refusal-no-place-word = « { $word } » n’est pas un lieu : écrivez scène, défausse, main, bureau ou série N
sherlock-refusal-letter-on-office = « { $word } (une lettre va sur une série : série N) » n’est pas un lieu : écrivez scène, défausse, main, bureau ou série N
# Le choix d’un pouvoir, en ligne de commande.
sherlock-line-then = puis { $card } de { $from } à { $to }
sherlock-line-deck = pioche
sherlock-line-scene = scène
sherlock-line-discard = défausse
sherlock-line-hand = main
sherlock-line-set = série { $number }
