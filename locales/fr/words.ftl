# Cartes, décomptes et problèmes d'un tour.

gem-name = { $gem ->
    [diamond] diamant
    [pearl] perle
   *[opal] opale
}
gem-plural = { $gem ->
    [diamond] diamants
    [pearl] perles
   *[opal] opales
}
gems-of = { $gem ->
    [diamond] de diamants
    [pearl] de perles
   *[opal] d’opales
}
colour-name = { $colour ->
    [red] rouge
    [green] vert
    [blue] bleu
   *[yellow] jaune
}
# The colour agreeing with the gem: diamant is masculine, perle and opale feminine.
colour-adjective = { $gem ->
    [diamond] { $colour ->
        [red] rouge
        [green] vert
        [blue] bleu
       *[yellow] jaune
    }
   *[other] { $colour ->
        [red] rouge
        [green] verte
        [blue] bleue
       *[yellow] jaune
    }
}
colour-adjectives = { $gem ->
    [diamond] { $colour ->
        [red] rouges
        [green] verts
        [blue] bleus
       *[yellow] jaunes
    }
   *[other] { $colour ->
        [red] rouges
        [green] vertes
        [blue] bleues
       *[yellow] jaunes
    }
}
# Colours of cards ("cartes", feminine).
colour-card = { $colour ->
    [red] rouge
    [green] verte
    [blue] bleue
   *[yellow] jaune
}
colour-cards = { $colour ->
    [red] rouges
    [green] vertes
    [blue] bleues
   *[yellow] jaunes
}
# Colours agreeing with solitaire and groupe (masculine) or paire (feminine).
colour-for-number = { $number ->
    [2] { $count ->
        [one] { colour-card }
       *[other] { colour-cards }
    }
   *[other] { $count ->
        [one] { colour-name }
       *[other] { $colour ->
            [red] rouges
            [green] verts
            [blue] bleus
           *[yellow] jaunes
        }
    }
}
number-name = { $number ->
    [1] solitaire
    [2] paire
   *[3] groupe
}
number-plural = { $number ->
    [1] solitaires
    [2] paires
   *[3] groupes
}
card-name = { $number ->
    [1] { gem-name } { colour-adjective } solitaire
    [2] paire { gems-of } { colour-adjectives }
   *[3] groupe { gems-of } { colour-adjectives }
}
count-gem = { $count } { $count ->
    [one] { gem-name }
   *[other] { gem-plural }
}
count-colour = { $count } { $count ->
    [one] { colour-card }
   *[other] { colour-cards }
}
count-number = { $count } { $count ->
    [one] { number-name }
   *[other] { number-plural }
}
count-colour-gem = { $count } { $count ->
    [one] { gem-name } { colour-adjective }
   *[other] { gem-plural } { colour-adjectives }
}
count-number-colour = { $count } { $count ->
    [one] { number-name }
   *[other] { number-plural }
} { colour-for-number }
count-number-gem = { $count } { $number ->
    [1] { $count ->
        [one] { gem-name } solitaire
       *[other] { gem-plural } solitaires
    }
   *[other] { $count ->
        [one] { number-name }
       *[other] { number-plural }
    } { gems-of }
}
the-safe = le coffre
list-and = {" et "}
time-unknown = une date inconnue
duration-hours = { $hours } { $hours ->
    [one] heure
   *[other] heures
}
duration-minutes = { $minutes } minutes
duration-hours-decimal = { $hours } { $count ->
    [one] heure
   *[other] heures
}

kind-numbers = nombres
kind-colours = couleurs
kind-gems = joyaux
card-unknown-word = « { $word } » n’est ni un nombre, ni une couleur, ni un joyau
card-two-of-a-kind = une carte n’a qu’un seul de ces { $kind }
card-lacks = il manque à la carte { $missing }
card-lacks-number = un nombre
card-lacks-colour = une couleur
card-lacks-gem = un joyau

line-error = ligne { $line } : « { $text } » { $problem }
line-error-bare = ligne { $line } : { $problem }
line-error-quoted = « { $text } » { $problem }
problem-turn-too-big = le tour fait { $kib } Kio ; un tour fait au plus { $max_kib } Kio et { $max_lines } lignes
problem-too-many-lines = le tour a { $lines } lignes ; un tour en a au plus { $max }
problem-more = et { $more } autre(s) problème(s), non listé(s) : corrigez d’abord ceux-ci
problem-game-over = la partie est terminée ; plus aucun tour n’est reçu
problem-not-understood = n’est pas compris ; on attend une supposition comme « 1: Ben a 2 diamant rouge » ou « 2: l’opale bleue solitaire est dans le coffre », une question comme « 1 (5): Ben a combien de rouges ? », ou le mot « prêt » ou « fini »
problem-guess-with-bid = est une supposition avec une enchère ; seules les questions prennent des Détectives privés entre parenthèses, par exemple « 1: Ben a 2 diamant rouge »
problem-no-bid = n’a pas d’enchère ; mettez les Détectives privés que vous offrez entre parenthèses avant les deux-points, par exemple « 1 (5): Ben a combien de rouges ? »
problem-bad-bid = enchérit « { $bid } » ; une enchère est un nombre entier de Détectives privés, 0 ou plus, par exemple « 1 (5): Ben a combien de rouges ? »
problem-reused-guess = reprend le numéro de supposition { $number } ; chaque supposition d’un tour a son propre numéro
problem-reused-question = reprend le numéro de question { $number } ; chaque question d’un tour a son propre numéro
problem-no-player-guessed = ne nomme aucun joueur avant « a » ; écrivez par exemple « 1: Ben a 2 diamant rouge »
problem-not-a-card = ne nomme pas une carte : { $why } ; une carte a un nombre, une couleur et un joyau, par exemple « 2 diamant rouge » ou « paire de diamants rouges »
problem-no-player-asked = ne nomme aucun joueur à qui poser la question ; écrivez par exemple « 1 (5): Ben a combien de rouges ? »
problem-not-a-trait = demande « { $word } », qui n’est pas une caractéristique ; ce sont diamant, perle, opale, rouge, vert, bleu, jaune, solitaire (1), paire (2) et groupe (3)
problem-two-of-a-kind = demande deux { $kind } ; une question combine au plus un joyau, une couleur et un nombre
problem-no-trait = ne demande aucune caractéristique ; nommez-en une ou deux, par exemple « Ben a combien de diamants rouges ? »
problem-too-many-traits = demande { $count } caractéristiques ; une question en nomme une ou deux, par exemple « Ben a combien de diamants rouges ? »
problem-guess-while-done = est une supposition, mais vous avez fini et ne pouvez plus supposer
problem-safe-is-empty = nomme le coffre, mais le coffre de cette partie est vide ; nommez le joueur qui, selon vous, a la carte
problem-guess-own-hand = nomme votre propre main ; supposez où sont les cartes des autres joueurs
problem-not-a-player = nomme « { $name } », qui n’est pas un joueur ; les joueurs sont { $players }
problem-card-in-hand = suppose la carte { $card }, qui est dans votre main
problem-card-published = suppose la carte { $card }, déjà publiée comme détenue par { $owner } : elle ne rapporte plus de points
problem-guessed-before = suppose la carte { $card }, que vous avez déjà supposée lors d’une manche précédente ; chaque carte ne se suppose qu’une fois
problem-guessed-twice = suppose encore la carte { $card } (la ligne { $line } le fait déjà) ; chaque carte ne se suppose qu’une fois
problem-ask-own-hand = porte sur votre propre main ; interrogez un autre joueur
problem-ask-safe = porte sur le coffre ; on ne pose de questions qu’aux joueurs
problem-ask-not-a-player = interroge « { $name } », qui n’est pas un joueur ; les joueurs sont { $players }
problem-over-budget = porte vos enchères à { $bids } Détectives privés, mais vous en aviez { $eyes } à l’ouverture de la manche ; baissez vos enchères

# The same without the count, for question lines and choices (chosen as for 2).
plural-gem = { $count ->
    [one] { gem-name }
   *[other] { gem-plural }
}
plural-colour = { $count ->
    [one] { colour-card }
   *[other] { colour-cards }
}
plural-number = { $count ->
    [one] { number-name }
   *[other] { number-plural }
}
plural-colour-gem = { $count ->
    [one] { gem-name } { colour-adjective }
   *[other] { gem-plural } { colour-adjectives }
}
plural-number-colour = { $count ->
    [one] { number-name }
   *[other] { number-plural }
} { colour-for-number }
plural-number-gem = { $number ->
    [1] { $count ->
        [one] { gem-name } solitaire
       *[other] { gem-plural } solitaires
    }
   *[other] { $count ->
        [one] { number-name }
       *[other] { number-plural }
    } { gems-of }
}
traits-of = { $vowel ->
    [yes] d’{ $words }
   *[no] de { $words }
}
mail-own-guess = { $number }: { $place } a { $card } - { $right ->
    [yes] juste
   *[no] fausse
}
mail-own-reveal = Montré à vous : { $target } a { $traits } : { $cards }

# Pourquoi une case de la feuille d’information est certaine.
reason-place = { $kind ->
    [me] chez vous
    [safe] dans le coffre
   *[other] chez { $place }
}
reason-no-deal = { $here ->
    [yes] { $card } ne peut être que { reason-place } : aucune donne compatible avec tout ce que vous savez ne la met ailleurs
   *[no] { $card } ne peut pas être { reason-place } : aucune donne compatible avec tout ce que vous savez ne l’y met
}
reason-fact = { $kind ->
    [me] { $here ->
        [yes] vous avez
       *[no] vous n’avez pas
    }
    [safe] { $here ->
        [yes] le coffre a
       *[no] le coffre n’a pas
    }
   *[other] { $here ->
        [yes] { $place } a
       *[no] { $place } n’a pas
    }
} la carte { $card } : { $fact }
fact-size-mine = votre main est tout ce que vous avez ({ $size } cartes)
fact-size = { $place } a { $size } cartes
fact-own-hand = votre main
fact-answer = { $place } a { $count } (manche { $round })
fact-published = publiée à la manche { $round }
fact-guess = votre supposition { $number } de la manche { $round } était { $right ->
    [yes] juste
   *[no] fausse
}
fact-reveal = les { $traits } de { $place } vous ont été montrées à la manche { $round }
