from ludoteca.cli import main

main()
