# Signs one file with the office's code-signing certificate, on Windows (signtool, from the
# Windows SDK):  pwsh -File installer/sign.ps1 FILE
# The certificate is a .pfx named by ETHICS_DESK_SIGN_CERT, its password in
# ETHICS_DESK_SIGN_PASSWORD; ETHICS_DESK_SIGN_TIMESTAMP (the certificate authority's RFC 3161
# time-stamping address) keeps the signature valid after the certificate expires.
# Without ETHICS_DESK_SIGN_CERT it signs nothing and says so (an unsigned build: see the README).
param([Parameter(Mandatory = $true)][string]$File)
$ErrorActionPreference = "Stop"
if (-not $env:ETHICS_DESK_SIGN_CERT) {
    Write-Host "sign.ps1: ETHICS_DESK_SIGN_CERT is not set; $File stays unsigned."
    exit 0
}
$signtool = Get-ChildItem "${env:ProgramFiles(x86)}\Windows Kits\10\bin\*\x64\signtool.exe" |
    Sort-Object FullName | Select-Object -Last 1
if (-not $signtool) { throw "signtool.exe was not found: install the Windows SDK's signing tools." }
$arguments = @("sign", "/fd", "SHA256", "/f", $env:ETHICS_DESK_SIGN_CERT,
               "/p", $env:ETHICS_DESK_SIGN_PASSWORD, "/d", "Ethics Desk")
if ($env:ETHICS_DESK_SIGN_TIMESTAMP) { $arguments += @("/tr", $env:ETHICS_DESK_SIGN_TIMESTAMP, "/td", "SHA256") }
& $signtool.FullName @arguments $File
if ($LASTEXITCODE -ne 0) { throw "signtool could not sign $File (exit $LASTEXITCODE)." }
& $signtool.FullName verify /pa $File
if ($LASTEXITCODE -ne 0) { throw "The signature of $File does not verify." }
